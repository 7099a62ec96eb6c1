import { ATTACHMENT_MAX_BYTES, allowedExtensions, toMegabytes } from "@common/vault-constants";
import { VAULT_MSG } from "@common/vault-messages";
import { Download } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { useDownloadAssetFile } from "@/features/vault/api/download-asset-file";
import { CheckedFileField } from "@/features/vault/components/checked-file-field";
import { TransferProgress, type Transfer } from "@/features/vault/components/transfer-progress";
import { saveBlob } from "@/features/vault/save-blob";
import { errorMessage } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import type { AttachmentDraft } from "../note-drafts";

const HINT = `One file: ${allowedExtensions("attachment")}, up to ${toMegabytes(ATTACHMENT_MAX_BYTES)}MB. Encrypted in your browser before it is sent.`;
const DOWNLOAD_FAILED = "Failed to download the attachment";

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
  const download = useDownloadAssetFile();
  const current =
    draft.kind === "new"
      ? { name: draft.picked.file.name, size: draft.picked.file.size }
      : draft.kind === "stored"
        ? { name: draft.fileName, size: draft.fileSize }
        : null;

  const onDownload = async () => {
    if (draft.kind !== "stored" || !stored) return;
    try {
      const blob = await download.mutateAsync({
        ...stored,
        kind: "attachment",
        contentType: draft.contentType,
        onProgress: (p) => setTransfer({ label: p.phase === "downloading" ? "Downloading attachment..." : "Decrypting attachment...", fraction: p.fraction }),
      });
      saveBlob(blob, draft.fileName);
    } catch (err) {
      toast.error(errorMessage(err, DOWNLOAD_FAILED));
    } finally {
      setTransfer(null);
    }
  };

  return (
    <div className="grid gap-2">
      <CheckedFileField
        kind="attachment"
        label="Attachment (Optional)"
        hint={HINT}
        prompt={current ? "Drag and drop a file to replace it, or choose one" : "Drag and drop a file to attach, or choose one"}
        current={current}
        error={error}
        onPicked={(picked) => {
          setError(undefined);
          onChange({ kind: "new", picked });
          toast.success(VAULT_MSG.attached);
        }}
        onRejected={(message) => {
          setError(message);
          toast.error(VAULT_MSG.attachFailed, { description: message });
        }}
        onUnreadable={() => toast.error(VAULT_MSG.attachFailed)}
        onRemove={() => onChange({ kind: "none" })}
        removeLabel="Remove the attachment"
        actions={
          draft.kind === "stored" && stored ? (
            <Button type="button" variant="outline" size="sm" onClick={() => void onDownload()} disabled={download.isPending}>
              <Download aria-hidden="true" /> Download<span className="sr-only"> {draft.fileName}</span>
            </Button>
          ) : null
        }
        disabled={disabled}
      />
      <TransferProgress transfer={transfer} />
    </div>
  );
}
