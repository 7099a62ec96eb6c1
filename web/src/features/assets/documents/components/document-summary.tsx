import type { AssetView } from "@common/assets";
import type { DocumentContent } from "@common/assets/documents";
import { fileTypeLabel } from "@/features/assets/check-file";
import { formatDate, formatFileSize } from "@/lib/format";

type Props = {
  /** The owner's stored asset, for its dates (a beneficiary's view has none). */
  asset?: Pick<AssetView, "createdAt" | "updatedAt">;
  content: DocumentContent;
};

/** The document's metadata: the decrypted file name, type and size, and for its owner the dates. */
export function DocumentSummary({ asset, content }: Props) {
  const rows: [string, string][] = [
    ["File name", content.fileName],
    ["Type", fileTypeLabel("document", content.contentType)],
    ["Size", formatFileSize(content.fileSize)],
  ];
  if (asset)
    rows.push(
      ["Uploaded", formatDate(asset.createdAt)],
      ["Last updated", formatDate(asset.updatedAt)],
    );
  return (
    <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-[auto_1fr]">
      {rows.map(([term, value]) => (
        <div key={term} className="grid gap-0.5 sm:contents">
          <dt className="text-sm text-foreground-soft">{term}</dt>
          <dd className="text-sm font-medium wrap-anywhere">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
