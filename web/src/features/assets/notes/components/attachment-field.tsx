import { allowedExtensions } from "@common/assets/files";
import { FILE_UPLOAD_MSG } from "@common/assets/file-uploads";
import { NOTE_MSG } from "@common/assets/notes";
import { useState } from "react";
import { assetFilePath } from "@/features/assets/api/upload-asset-file";
import { CheckedFileField } from "@/features/assets/components/checked-file-field";
import { DownloadFileButton } from "@/features/assets/components/download-file-button";
import { TransferProgress, type Transfer } from "@/features/assets/components/transfer-progress";
import { toast } from "@/lib/toast";
import type { AttachmentDraft } from "../note-drafts";

const HINT = `One file: ${allowedExtensions("attachment")}, ${FILE_UPLOAD_MSG.uploadHint}. Encrypted in your browser before it is sent.`;

type Props = {
  draft: AttachmentDraft;
  onChange: (draft: AttachmentDraft) => void;
  /** The note's id and content key when it is stored (edit mode), to download its attachment. */
  stored: { assetId: string; contentKey: CryptoKey } | null;
  disabled?: boolean;
};

/** The note's one attachment: checked by type, content and size when chosen; a stored one can be downloaded. */
export function AttachmentField({ draft, onChange, stored, disabled }: Props) {
  const [error, setError] = useState<string>();
  const [transfer, setTransfer] = useState<Transfer | null>(null);
  const current =
    draft.kind === "new"
      ? { name: draft.picked.file.name, size: draft.picked.file.size }
      : draft.kind === "stored"
        ? { name: draft.fileName, size: draft.fileSize }
        : null;

  return (
    <div className="grid gap-2">
      <CheckedFileField
        kind="attachment"
        label="Attachment (Optional)"
        hint={HINT}
        prompt={
          current
            ? "Drag and drop a file to replace it, or choose one"
            : "Drag and drop a file to attach, or choose one"
        }
        current={current}
        error={error}
        onPicked={(picked) => {
          setError(undefined);
          onChange({ kind: "new", picked });
          toast.success(NOTE_MSG.attached);
        }}
        onRejected={(message) => {
          setError(message);
          toast.error(NOTE_MSG.attachFailed, { description: message });
        }}
        onUnreadable={() => toast.error(NOTE_MSG.attachFailed)}
        onRemove={() => onChange({ kind: "none" })}
        removeLabel="Remove the attachment"
        actions={
          draft.kind === "stored" && stored ? (
            <DownloadFileButton
              source={{
                url: assetFilePath(stored.assetId, "attachment"),
                contentKey: stored.contentKey,
                contentType: draft.contentType,
              }}
              fileName={draft.fileName}
              noun="attachment"
              onTransfer={setTransfer}
            />
          ) : null
        }
        disabled={disabled}
      />
      <TransferProgress transfer={transfer} />
    </div>
  );
}
