import { FileText } from "lucide-react";
import { useState, type ReactNode } from "react";
import { StoredRecordingPlayer } from "@/features/assets/notes/components/recording-player";
import type { NoteContent } from "@common/assets/notes";
import { formatDuration, formatFileSize } from "@/lib/format";
import { DownloadFileButton } from "@/features/assets/components/download-file-button";
import { TransferProgress, type Transfer } from "@/features/assets/components/transfer-progress";
import { Card, CardContent } from "@/components/ui/card";
import { legacyFilePath } from "../api/get-item";

function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="grid gap-2">
      <h2 className="text-lg font-semibold">{title}</h2>
      {children}
    </section>
  );
}

/** A released note, read-only: its text, its recording (decrypted to an object URL) and its attachment with Download. */
export function LegacyNote({
  id,
  contentKey,
  content,
}: {
  id: string;
  contentKey: CryptoKey;
  content: NoteContent;
}) {
  const [transfer, setTransfer] = useState<Transfer | null>(null);
  const { text, audioRecording, attachment } = content;
  return (
    <Card>
      <CardContent className="grid gap-6 pt-6">
        <Part title="Note">
          {text ? (
            <p className="whitespace-pre-wrap wrap-anywhere">{text}</p>
          ) : (
            <p className="text-muted-foreground">No text</p>
          )}
        </Part>
        {audioRecording && (
          <Part title="Audio recording">
            <StoredRecordingPlayer
              source={{
                url: legacyFilePath(id, "recording"),
                contentKey,
                contentType: audioRecording.contentType,
              }}
            />
            <p className="text-sm text-foreground-soft">
              Length {formatDuration(audioRecording.duration)}
            </p>
          </Part>
        )}
        {attachment && (
          <Part title="Attachment">
            <div className="flex flex-wrap items-center gap-3 rounded-md border border-border p-3">
              <FileText aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />
              <div className="grid min-w-0 flex-1 basis-48 gap-0.5">
                <span className="font-medium wrap-anywhere">{attachment.fileName}</span>
                <span className="text-sm text-muted-foreground">
                  {formatFileSize(attachment.fileSize)}
                </span>
              </div>
              <DownloadFileButton
                source={{
                  url: legacyFilePath(id, "attachment"),
                  contentKey,
                  contentType: attachment.contentType,
                }}
                fileName={attachment.fileName}
                noun="attachment"
                onTransfer={setTransfer}
              />
            </div>
            <TransferProgress transfer={transfer} />
          </Part>
        )}
      </CardContent>
    </Card>
  );
}
