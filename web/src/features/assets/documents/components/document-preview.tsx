import { essenceOf } from "@common/assets/files";
import { DOCUMENT_MSG } from "@common/assets/documents";
import { Eye, EyeOff } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { TransferProgress } from "@/features/assets/components/transfer-progress";
import { useAssetFileUrl, type AssetFileSource } from "@/features/assets/use-asset-file-url";
import { errorMessage } from "@/lib/api-client";

const IMAGE_TYPES = ["image/png", "image/jpeg", "image/gif", "image/webp"];
const previewKind = (contentType: string) => {
  const type = essenceOf(contentType);
  if (type === "application/pdf") return "pdf";
  return IMAGE_TYPES.includes(type) ? "image" : null;
};
export const canPreview = (contentType: string) => previewKind(contentType) !== null;

type Props = { source: AssetFileSource; fileName: string };

/**
 * "Preview": the document decrypted in the browser and shown from a blob: URL (an <img>, or a
 * PDF in an <iframe>; CSP frame-src blob:, docs/decisions/049). Nothing leaves the browser; the
 * URL is revoked when the preview closes or the screen goes.
 */
export function DocumentPreview({ source, fileName }: Props) {
  const [isOpen, setOpen] = useState(false);
  const regionId = useId();
  if (!canPreview(source.contentType)) return null;
  return (
    <div className="grid gap-3">
      <div>
        <Button
          variant="outline"
          aria-expanded={isOpen}
          aria-controls={regionId}
          onClick={() => setOpen((open) => !open)}
        >
          {isOpen ? <EyeOff aria-hidden="true" /> : <Eye aria-hidden="true" />}
          {isOpen ? "Hide preview" : "Preview"}
        </Button>
      </div>
      <div id={regionId}>{isOpen && <PreviewPane source={source} fileName={fileName} />}</div>
    </div>
  );
}

function PreviewPane({ source, fileName }: Props) {
  const { url, progress, error } = useAssetFileUrl(source);
  if (error)
    return (
      <p role="alert" className="text-sm text-destructive">
        {errorMessage(error, DOCUMENT_MSG.viewFailed)}
      </p>
    );
  if (!url)
    return (
      <TransferProgress
        transfer={{ label: "Decrypting preview...", fraction: progress?.fraction ?? null }}
      />
    );
  const frame = "w-full rounded-md border border-border bg-muted";
  return previewKind(source.contentType) === "pdf" ? (
    <iframe src={url} title={`Preview of ${fileName}`} className={`${frame} h-[70vh]`} />
  ) : (
    <img
      src={url}
      alt={`Preview of ${fileName}`}
      className={`${frame} h-auto max-h-[70vh] object-contain`}
    />
  );
}
