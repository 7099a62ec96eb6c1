import type { AssetFileKind } from "@common/assets/files";

/*
 * What every upload of an item's file shares. Every new file goes in encrypted chunks
 * (upload-asset-file-in-chunks.ts, docs/decisions/108); files stored in one body before still
 * download as they are.
 */

/** How far an upload is, 0 to 1 (each chunk is encrypted while the one before is sent). */
export type UploadProgress = { phase: "encrypting" | "uploading"; fraction: number };

export type UploadAssetFileInput = {
  assetId: string;
  kind: AssetFileKind;
  /** The key that seals the file: the asset's content key (from useCreateAsset or useOpenAsset), a message's MK. */
  contentKey: CryptoKey;
  file: Blob;
  /** The plaintext's type as the vault's rules name it (told the server when the upload opens). */
  contentType: string;
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
};

/** The file could not be read or encrypted in the browser (that chunk was not sent). */
export class FileReadError extends Error {
  constructor(readonly cause: unknown) {
    super("The file could not be read.");
  }
}

export const assetFilePath = (assetId: string, kind: AssetFileKind) =>
  `/api/assets/${encodeURIComponent(assetId)}/files/${kind}`;
