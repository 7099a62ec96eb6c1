import { DOCUMENT_MSG, type DocumentContent } from "@common/assets/documents";
import { Download, ExternalLink } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import {
  useDownloadAssetFile,
  type DownloadProgress,
} from "@/features/assets/api/download-asset-file";
import { TransferProgress, type Transfer } from "@/features/assets/components/transfer-progress";
import { saveBlob } from "@/features/assets/save-blob";
import { errorMessage } from "@/lib/api-client";
import { DecryptError } from "@/lib/crypto/vault-crypto";
import { toast } from "@/lib/toast";

/** Spec 02 §4: the view URL is revoked after 1 second. */
const VIEW_URL_LIFETIME_MS = 1000;

const toTransfer = (p: DownloadProgress): Transfer => ({
  label: p.phase === "downloading" ? "Downloading document..." : "Decrypting document...",
  fraction: p.fraction,
});
const failure = (err: unknown, fallback: string) =>
  toast.error(errorMessage(err, fallback), {
    description: err instanceof DecryptError ? err.message : undefined,
  });

/** `url`: where the document's ciphertext is (see DownloadAssetFileInput). */
type Props = { url: string; contentKey: CryptoKey; content: DocumentContent };

/** Download (under the original name and type) and View (a new tab), each decrypting in the browser with progress. */
export function DocumentFileActions({ url, contentKey, content }: Props) {
  const download = useDownloadAssetFile();
  const [transfer, setTransfer] = useState<Transfer | null>(null);
  const fetchFile = () =>
    download.mutateAsync({
      url,
      contentKey,
      contentType: content.contentType,
      onProgress: (p) => setTransfer(toTransfer(p)),
    });

  const onDownload = async () => {
    try {
      saveBlob(await fetchFile(), content.fileName);
      toast.success(DOCUMENT_MSG.downloadStarted);
    } catch (err) {
      failure(err, DOCUMENT_MSG.downloadFailed);
    } finally {
      setTransfer(null);
    }
  };

  const onView = async () => {
    // Opened now, while the click still counts as the user's: a window opened after the download would be blocked.
    const tab = window.open("", "_blank");
    try {
      if (!tab) throw new Error("The new tab was blocked");
      const objectUrl = URL.createObjectURL(await fetchFile());
      tab.location.href = objectUrl;
      setTimeout(() => URL.revokeObjectURL(objectUrl), VIEW_URL_LIFETIME_MS);
    } catch (err) {
      tab?.close();
      failure(err, DOCUMENT_MSG.viewFailed);
    } finally {
      setTransfer(null);
    }
  };

  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => void onDownload()} disabled={download.isPending}>
          <Download aria-hidden="true" /> Download
        </Button>
        <Button variant="outline" onClick={() => void onView()} disabled={download.isPending}>
          <ExternalLink aria-hidden="true" /> View
          <span className="sr-only"> (opens in a new tab)</span>
        </Button>
      </div>
      <TransferProgress transfer={transfer} />
    </div>
  );
}
