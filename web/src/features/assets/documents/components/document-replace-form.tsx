import { FILE_MSG, FILE_VERSIONS_KEPT } from "@common/assets/files";
import { DOCUMENT_MSG } from "@common/assets/documents";
import { Upload } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import type { OpenedAsset } from "@/features/assets/api/get-asset";
import { useUpdateAssetFiles } from "@/features/assets/api/update-asset-files";
import { FileReadError, type UploadProgress } from "@/features/assets/api/upload-asset-file";
import { CheckedFileField, type PickedFile } from "@/features/assets/components/checked-file-field";
import { TransferProgress, type Transfer } from "@/features/assets/components/transfer-progress";
import { errorMessage } from "@/lib/api-client";
import { toast } from "@/lib/toast";

const toTransfer = (p: UploadProgress): Transfer => ({
  label: p.phase === "encrypting" ? "Encrypting document..." : "Uploading document...",
  fraction: p.fraction,
});

/**
 * A new file for the document, encrypted in the browser with the same content key (a fresh IV)
 * and sent with the content that names it; the server keeps the file it replaces as an earlier
 * version (docs/decisions/049).
 */
export function DocumentReplaceForm({ opened }: { opened: OpenedAsset<"document"> }) {
  const { asset, contentKey, wrappedKey, content } = opened;
  const [picked, setPicked] = useState<PickedFile | null>(null);
  const [error, setError] = useState<string | undefined>();
  const [transfer, setTransfer] = useState<Transfer | null>(null);
  const replace = useUpdateAssetFiles<"document">();

  const onReplace = async () => {
    if (!picked) return setError(FILE_MSG.selectFile);
    const { file, rule } = picked;
    try {
      await replace.mutateAsync({
        id: asset.id,
        previousBeneficiaryEmails: asset.beneficiaryEmails,
        contentKey,
        wrappedKey,
        content: { ...content, fileName: file.name, contentType: rule.type, fileSize: file.size },
        files: { document: { file, contentType: rule.type } },
        onProgress: (p) => setTransfer(toTransfer(p)),
      });
      setPicked(null);
      toast.success("File replaced. The previous version is kept.");
    } catch (err) {
      toast.error(
        err instanceof FileReadError
          ? FILE_MSG.fileProcessingError
          : errorMessage(err, DOCUMENT_MSG.updateFailed),
      );
    } finally {
      setTransfer(null);
    }
  };

  return (
    <div className="grid gap-3">
      <CheckedFileField
        kind="document"
        label="New file"
        hint={`The current file is kept as an earlier version (the last ${FILE_VERSIONS_KEPT} are kept).`}
        prompt="Drop the new file here or click to choose"
        current={picked && { name: picked.file.name, size: picked.file.size }}
        error={error}
        onPicked={(p) => {
          setPicked(p);
          setError(undefined);
        }}
        onRejected={(message) => {
          setPicked(null);
          setError(message);
        }}
        onUnreadable={() => setError(FILE_MSG.fileProcessingError)}
        onRemove={() => setPicked(null)}
        removeLabel="Remove the new file"
        disabled={replace.isPending}
      />
      <div>
        <Button onClick={() => void onReplace()} disabled={replace.isPending || !picked}>
          <Upload aria-hidden="true" /> {replace.isPending ? "Replacing..." : "Replace file"}
        </Button>
      </div>
      <TransferProgress transfer={transfer} />
    </div>
  );
}
