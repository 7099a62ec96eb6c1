import { Mic, Paperclip } from "lucide-react";
import { BeneficiaryLabels } from "@/components/beneficiary-label";
import { Link } from "react-router";
import type { OpenedAssetView } from "../../titles/open-titles";
import { DeleteAssetButton } from "@/features/assets/components/delete-asset-button";
import { cn } from "@/lib/utils";
import { formatDate } from "@/lib/format";

type Props = {
  notes: OpenedAssetView[];
  onDelete: (note: OpenedAssetView) => void;
  deletingId?: string;
  empty: string;
};

/** Notes as a list: the title (a link), the last update, the beneficiary, whether it holds a recording or a file, and delete. */
export function NotesList({ notes, onDelete, deletingId, empty }: Props) {
  if (notes.length === 0)
    return <p className="py-6 text-center text-sm text-muted-foreground">{empty}</p>;
  return (
    <ul className="divide-y divide-border">
      {notes.map((note) => {
        const hasRecording = note.files.some((f) => f.kind === "recording");
        const hasAttachment = note.files.some((f) => f.kind === "attachment");
        return (
          <li key={note.id} className="flex items-center gap-3 py-3">
            <div className="grid min-w-0 flex-1 gap-1">
              <Link
                to={`/notes/${note.id}`}
                className={cn(
                  "font-medium text-link underline-offset-4 wrap-anywhere hover:underline",
                  !note.isTitleOpen && "italic",
                )}
              >
                {note.title}
              </Link>
              <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-foreground-soft">
                <span>Updated {formatDate(note.updatedAt)}</span>
                <span className="wrap-anywhere">
                  {note.beneficiaryEmails.length ? (
                    <>
                      Assigned to <BeneficiaryLabels emails={note.beneficiaryEmails} isCompact />
                    </>
                  ) : (
                    "No beneficiary"
                  )}
                </span>
                {hasRecording && (
                  <span className="inline-flex items-center gap-1">
                    <Mic aria-hidden="true" className="size-3.5" /> Recording
                  </span>
                )}
                {hasAttachment && (
                  <span className="inline-flex items-center gap-1">
                    <Paperclip aria-hidden="true" className="size-3.5" /> Attachment
                  </span>
                )}
              </p>
            </div>
            <DeleteAssetButton
              title={note.title}
              noun="note"
              onConfirm={() => onDelete(note)}
              disabled={deletingId === note.id}
            />
          </li>
        );
      })}
    </ul>
  );
}
