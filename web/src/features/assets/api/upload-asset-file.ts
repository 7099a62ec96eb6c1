import type { AssetFileKind, AssetFileView } from "@common/assets/files";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { encryptBytes } from "@/lib/crypto/vault-crypto";
import { uploadFile } from "@/lib/upload";
import { assetsQueryKey } from "./list-assets";

/** How far an upload is, 0 to 1 over both phases (encryption counts for the first tenth). */
export type UploadProgress = { phase: "encrypting" | "uploading"; fraction: number };

export type UploadAssetFileInput = {
  assetId: string;
  kind: AssetFileKind;
  /** The asset's content key (from useCreateAsset or useOpenAsset). */
  contentKey: CryptoKey;
  file: Blob;
  /** The plaintext's type as the vault's rules name it (sent as X-Content-Type). */
  contentType: string;
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
};

/** The file could not be read or encrypted in the browser (nothing was sent). */
export class FileReadError extends Error {
  constructor(readonly cause: unknown) {
    super("The file could not be read.");
  }
}

/** The share of an upload's progress that encryption counts for. */
export const ENCRYPT_SHARE = 0.1;
export const assetFilePath = (assetId: string, kind: AssetFileKind) =>
  `/api/assets/${encodeURIComponent(assetId)}/files/${kind}`;

/**
 * Encrypts the file with the asset's content key and PUTs the ciphertext as a raw
 * application/octet-stream body (docs/decisions/009). Fails with FileReadError or ApiError.
 */
export async function uploadAssetFile({
  assetId,
  kind,
  contentKey,
  file,
  contentType,
  onProgress,
  signal,
}: UploadAssetFileInput) {
  onProgress?.({ phase: "encrypting", fraction: 0 });
  let ciphertext: Uint8Array<ArrayBuffer>;
  try {
    ciphertext = await encryptBytes(contentKey, await file.arrayBuffer());
  } catch (err) {
    throw new FileReadError(err);
  }
  onProgress?.({ phase: "uploading", fraction: ENCRYPT_SHARE });
  const { file: meta } = await uploadFile<{ file: AssetFileView }>(
    assetFilePath(assetId, kind),
    new Blob([ciphertext]),
    {
      headers: { "content-type": "application/octet-stream", "x-content-type": contentType },
      onProgress: (f) =>
        onProgress?.({ phase: "uploading", fraction: ENCRYPT_SHARE + (1 - ENCRYPT_SHARE) * f }),
      signal,
    },
  );
  return meta;
}

export function useUploadAssetFile() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: uploadAssetFile,
    onSuccess: () => qc.invalidateQueries({ queryKey: assetsQueryKey }),
  });
}
