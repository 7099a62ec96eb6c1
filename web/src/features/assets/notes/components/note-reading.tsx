import { FileText, Mic, UserRound } from "lucide-react";
import { BeneficiaryLabels } from "@/components/beneficiary-label";
import { useState } from "react";
import type { OpenedAsset } from "@/features/assets/api/get-asset";
import { assetFilePath } from "@/features/assets/api/upload-asset-file";
import { DownloadFileButton } from "@/features/assets/components/download-file-button";
import { TransferProgress, type Transfer } from "@/features/assets/components/transfer-progress";
import { formatDate, formatDuration, formatFileSize } from "@/lib/format";
import { noteParagraphs } from "../note-paragraphs";
import { StoredRecordingPlayer } from "./recording-player";

/**
 * The reading view of /notes/{id} (issue 16, point 4): the note as a letter, its dates and
 * beneficiary above, the text at a comfortable measure (about 70 characters a line) in paragraphs
 * (a run of blank lines is one paragraph break, noteParagraphs), then the
 * recording to play and the attachment to download. The title is the page's heading.
 */
export function NoteReading({ opened }: { opened: OpenedAsset<"note"> }) {
  const { asset, content, contentKey } = opened;
  const [transfer, setTransfer] = useState<Transfer | null>(null);
  const recording = content.audioRecording;
  const attachment = content.attachment;
  const isEdited = formatDate(asset.updatedAt) !== formatDate(asset.createdAt);

  return (
    <article aria-label={asset.title} className="grid gap-6">
      <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm text-foreground-soft">
        <div className="flex gap-1">
          <dt>Written</dt>
          <dd>{formatDate(asset.createdAt)}</dd>
        </div>
        {isEdited && (
          <div className="flex gap-1">
            <dt>Last updated</dt>
            <dd>{formatDate(asset.updatedAt)}</dd>
          </div>
        )}
        <div className="flex min-w-0 items-center gap-1">
          <dt className="flex items-center gap-1">
            <UserRound aria-hidden="true" className="size-3.5" />{" "}
            {asset.beneficiaryEmails.length > 1 ? "Beneficiaries" : "Beneficiary"}
          </dt>
          <dd className="wrap-anywhere">
            {asset.beneficiaryEmails.length ? (
              <BeneficiaryLabels emails={asset.beneficiaryEmails} />
            ) : (
              "none yet"
            )}
          </dd>
        </div>
      </dl>
      {content.text.trim() ? (
        <div
          data-testid="note-text"
          className="grid max-w-[70ch] gap-4 font-serif text-base/7 wrap-anywhere sm:text-lg/8"
        >
          {noteParagraphs(content.text).map((paragraph, i) => (
            <p key={i} className="whitespace-pre-wrap">
              {paragraph}
            </p>
          ))}
        </div>
      ) : (
        <p className="text-foreground-soft italic">This note has no text.</p>
      )}
      {recording && (
        <section
          aria-labelledby="note-recording"
          className="grid gap-2 border-t border-border pt-4"
        >
          <h2 id="note-recording" className="flex items-center gap-2 text-sm font-medium">
            <Mic aria-hidden="true" className="size-4" /> Recording (
            {formatDuration(recording.duration)})
          </h2>
          <StoredRecordingPlayer
            source={{
              url: assetFilePath(asset.id, "recording"),
              contentKey,
              contentType: recording.contentType,
            }}
          />
        </section>
      )}
      {attachment && (
        <section
          aria-labelledby="note-attachment"
          className="grid gap-2 border-t border-border pt-4"
        >
          <h2 id="note-attachment" className="text-sm font-medium">
            Attachment
          </h2>
          <div className="flex flex-wrap items-center gap-3">
            <FileText aria-hidden="true" className="size-5 shrink-0 text-brand" />
            <span className="min-w-0 wrap-anywhere">{attachment.fileName}</span>
            <span className="text-xs text-foreground-soft">
              {formatFileSize(attachment.fileSize)}
            </span>
            <DownloadFileButton
              source={{
                url: assetFilePath(asset.id, "attachment"),
                contentKey,
                contentType: attachment.contentType,
              }}
              fileName={attachment.fileName}
              noun="attachment"
              onTransfer={setTransfer}
            />
          </div>
          <TransferProgress transfer={transfer} />
        </section>
      )}
    </article>
  );
}
