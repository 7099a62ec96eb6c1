import { Link } from "react-router";
import { BeneficiaryLabels } from "@/components/beneficiary-label";
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "@/components/ui/table";
import type { OpenedAssetView } from "../../titles/open-titles";
import { fileTypeLabel, plainSize } from "@/features/assets/check-file";
import { DeleteAssetButton } from "@/features/assets/components/delete-asset-button";
import { cn } from "@/lib/utils";
import { formatDate, formatFileSize } from "@/lib/format";

type Props = {
  documents: OpenedAssetView[];
  onDelete: (doc: OpenedAssetView) => void;
  deletingId?: string;
};

/** Title (a link to the document), type, size, added date, beneficiary and a delete button; narrow screens fold the details under the title. */
export function DocumentsTable({ documents, onDelete, deletingId }: Props) {
  return (
    <Table>
      <TableHeader>
        <TableRow>
          <TableHead scope="col">Title</TableHead>
          <TableHead scope="col" className="hidden sm:table-cell">
            Type
          </TableHead>
          <TableHead scope="col" className="hidden sm:table-cell">
            Size
          </TableHead>
          <TableHead scope="col" className="hidden md:table-cell">
            Beneficiary
          </TableHead>
          <TableHead scope="col" className="hidden sm:table-cell">
            Added
          </TableHead>
          <TableHead scope="col" className="w-12">
            <span className="sr-only">Actions</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {documents.map((doc) => {
          const file = doc.files.find((f) => f.kind === "document");
          const details = file
            ? `${fileTypeLabel("document", file.contentType)} · ${formatFileSize(plainSize(file))}`
            : "No file";
          return (
            <TableRow key={doc.id}>
              <TableCell className="font-medium">
                <Link
                  to={`/documents/${doc.id}`}
                  className={cn(
                    "text-link underline-offset-4 wrap-anywhere hover:underline",
                    !doc.isTitleOpen && "italic",
                  )}
                >
                  {doc.title}
                </Link>
                <span className="block text-xs font-normal text-foreground-soft sm:hidden">
                  {details} · {formatDate(doc.createdAt)}
                </span>
              </TableCell>
              <TableCell className="hidden text-foreground-soft sm:table-cell">
                {file ? fileTypeLabel("document", file.contentType) : "—"}
              </TableCell>
              <TableCell className="hidden whitespace-nowrap text-foreground-soft sm:table-cell">
                {file ? formatFileSize(plainSize(file)) : "—"}
              </TableCell>
              <TableCell className="hidden text-foreground-soft wrap-anywhere md:table-cell">
                {doc.beneficiaryEmails.length ? (
                  <BeneficiaryLabels emails={doc.beneficiaryEmails} isCompact />
                ) : (
                  "None"
                )}
              </TableCell>
              <TableCell className="hidden whitespace-nowrap text-foreground-soft sm:table-cell">
                {formatDate(doc.createdAt)}
              </TableCell>
              <TableCell className="px-1 text-right">
                <DeleteAssetButton
                  title={doc.title}
                  noun="document"
                  onConfirm={() => onDelete(doc)}
                  disabled={deletingId === doc.id}
                />
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
