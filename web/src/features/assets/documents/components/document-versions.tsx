import type { AssetFileVersionView } from "@common/assets/files";
import { DOCUMENT_MSG, type DocumentContent } from "@common/assets/documents";
import { Download } from "lucide-react";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import {
  assetFileVersionPath,
  useAssetFileVersions,
} from "@/features/assets/api/list-asset-file-versions";
import { useDownloadAssetFile } from "@/features/assets/api/download-asset-file";
import { plainSize } from "@/features/assets/check-file";
import { saveBlob } from "@/features/assets/save-blob";
import { errorMessage } from "@/lib/api-client";
import { DecryptError } from "@/lib/crypto/vault-crypto";
import { formatDateTime, formatFileSize } from "@/lib/format";
import { toast } from "@/lib/toast";
import { versionFileName } from "../version-file-name";

type Props = { assetId: string; contentKey: CryptoKey; content: DocumentContent };

/** The document's file versions, newest first (docs/decisions/049), each downloadable and decrypted in the browser. */
export function DocumentVersions({ assetId, contentKey, content }: Props) {
  const versions = useAssetFileVersions(assetId, "document");
  const download = useDownloadAssetFile();
  const [busy, setBusy] = useState<string | null>(null);

  const onDownload = async (version: AssetFileVersionView) => {
    setBusy(version.versionId ?? "current");
    try {
      const blob = await download.mutateAsync({
        url: assetFileVersionPath(assetId, "document", version.versionId),
        contentKey,
        contentType: version.contentType,
      });
      saveBlob(
        blob,
        version.isCurrent ? content.fileName : versionFileName(content.fileName, version),
      );
      toast.success(DOCUMENT_MSG.downloadStarted);
    } catch (err) {
      toast.error(errorMessage(err, DOCUMENT_MSG.downloadFailed), {
        description: err instanceof DecryptError ? err.message : undefined,
      });
    } finally {
      setBusy(null);
    }
  };

  if (versions.isPending)
    return <p className="text-sm text-foreground-soft">Loading versions...</p>;
  if (versions.isError)
    return (
      <p className="text-sm text-foreground-soft">
        {errorMessage(versions.error, "Failed to load versions")}
      </p>
    );
  return (
    <ul className="grid gap-2" aria-label="Versions">
      {versions.data.map((version) => {
        const when = formatDateTime(version.createdAt);
        return (
          <li
            key={version.versionId ?? "current"}
            className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-md border border-border p-3"
          >
            <div className="grid min-w-0 flex-1 basis-40">
              <span className="text-sm font-medium">{when}</span>
              <span className="text-xs text-foreground-soft">
                {formatFileSize(plainSize(version))}
              </span>
            </div>
            {version.isCurrent && <Badge variant="success">Current</Badge>}
            <Button
              variant="outline"
              size="sm"
              onClick={() => void onDownload(version)}
              disabled={busy !== null}
            >
              <Download aria-hidden="true" /> Download
              <span className="sr-only">
                {" "}
                {version.isCurrent ? "the current version" : `the version of ${when}`}
              </span>
            </Button>
          </li>
        );
      })}
    </ul>
  );
}
