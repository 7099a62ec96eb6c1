import { useMutation } from "@tanstack/react-query";
import { ApiError } from "@/lib/api-client";
import { FILE_UPLOAD_ID_HEADER } from "@common/assets/file-uploads";
import { decryptChunkedStream } from "@/lib/crypto/file-chunks";
import { decryptBytes } from "@/lib/crypto/vault-crypto";
import { toApiError } from "@/lib/upload";

/** How far a download is: the share of the ciphertext received (null while its size is unknown), then decryption. */
export type DownloadProgress = { phase: "downloading" | "decrypting"; fraction: number | null };

export type DownloadAssetFileInput = {
  /** Where the ciphertext is: assetFilePath() for the owner, legacyFilePath() for a beneficiary. */
  url: string;
  contentKey: CryptoKey;
  /** The plaintext's type, given to the returned Blob. */
  contentType: string;
  onProgress?: (progress: DownloadProgress) => void;
  signal?: AbortSignal;
};

/**
 * GETs the file's ciphertext, reading the body as it streams in to report progress
 * (Content-Length is the ciphertext's size), and decrypts it in the browser.
 * Fails with ApiError (the server's answer) or DecryptError (damaged or wrong key).
 */
export async function downloadAssetFile({
  url,
  contentKey,
  contentType,
  onProgress,
  signal,
}: DownloadAssetFileInput): Promise<Blob> {
  onProgress?.({ phase: "downloading", fraction: 0 });
  let res: Response;
  try {
    res = await fetch(url, { credentials: "same-origin", cache: "no-store", signal });
  } catch (err) {
    if (signal?.aborted) throw err;
    throw new ApiError(
      0,
      "NETWORK",
      "Could not reach the server. Check your connection and try again.",
    );
  }
  if (!res.ok) throw toApiError(res.status, await res.text());
  const total = Number(res.headers.get("content-length")) || 0;
  const onReceived = (received: number) =>
    onProgress?.({ phase: "downloading", fraction: total ? Math.min(1, received / total) : null });
  // Uploaded in encrypted chunks (docs/decisions/108): decrypted chunk by chunk as it arrives,
  // the Blob built from the parts (which the browser may keep on disk), never one whole buffer.
  const uploadId = res.headers.get(FILE_UPLOAD_ID_HEADER);
  if (uploadId && res.body) {
    const parts = await decryptChunkedStream(contentKey, res.body, { uploadId, onReceived });
    onProgress?.({ phase: "decrypting", fraction: 1 });
    return new Blob(parts, { type: contentType });
  }
  const ciphertext = await readBody(res, onReceived);
  onProgress?.({ phase: "decrypting", fraction: 1 });
  return new Blob([await decryptBytes(contentKey, ciphertext)], { type: contentType });
}

async function readBody(res: Response, onReceived: (bytes: number) => void): Promise<Uint8Array> {
  if (!res.body) return new Uint8Array(await res.arrayBuffer());
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.length;
    onReceived(received);
  }
  if (chunks.length === 1 && chunks[0]) return chunks[0];
  const out = new Uint8Array(received);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.length;
  }
  return out;
}

export const useDownloadAssetFile = () => useMutation({ mutationFn: downloadAssetFile });
