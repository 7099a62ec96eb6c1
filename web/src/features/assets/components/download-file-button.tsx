import { Download } from "lucide-react";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { useDownloadAssetFile } from "../api/download-asset-file";
import { saveBlob } from "../save-blob";
import type { AssetFileSource } from "../use-asset-file-url";
import type { Transfer } from "./transfer-progress";

type Props = {
  source: AssetFileSource;
  /** The original name the file is saved under. */
  fileName: string;
  /** What the file is ("attachment"), for the progress label and the failure toast. */
  noun: string;
  /** Told the progress while the file downloads and decrypts, then null (show it with TransferProgress). */
  onTransfer: (transfer: Transfer | null) => void;
};

/** "Download {file name}": fetches the ciphertext, decrypts it in the browser and saves it under its original name and type. */
export function DownloadFileButton({ source, fileName, noun, onTransfer }: Props) {
  const download = useDownloadAssetFile();
  const onClick = async () => {
    try {
      const blob = await download.mutateAsync({
        ...source,
        onProgress: (p) =>
          onTransfer({
            label: p.phase === "downloading" ? `Downloading ${noun}...` : `Decrypting ${noun}...`,
            fraction: p.fraction,
          }),
      });
      saveBlob(blob, fileName);
    } catch (err) {
      toast.error(errorMessage(err, `Failed to download the ${noun}`));
    } finally {
      onTransfer(null);
    }
  };
  return (
    <Button
      type="button"
      variant="outline"
      size="sm"
      onClick={() => void onClick()}
      disabled={download.isPending}
    >
      <Download aria-hidden="true" /> Download<span className="sr-only"> {fileName}</span>
    </Button>
  );
}
