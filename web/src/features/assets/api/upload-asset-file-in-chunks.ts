import type { AssetFileKind, AssetFileView } from "@common/assets/files";
import { GCM_OVERHEAD_BYTES } from "@common/ciphertext";
import { FILE_CHUNK_PLAIN_BYTES, type FileUploadView } from "@common/assets/file-uploads";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, ApiError } from "@/lib/api-client";
import { encryptFileChunk } from "@/lib/crypto/file-chunks";
import { uploadFile } from "@/lib/upload";
import { forgetUpload, recallUpload, rememberUpload } from "../upload-resume";
import { assetsQueryKey } from "./list-assets";
import { assetFilePath, FileReadError, type UploadAssetFileInput } from "./upload-asset-file";

/*
 * A file uploaded in encrypted chunks, resumable (docs/decisions/108-chunked-uploads.md): read
 * with file.slice() one chunk at a time (never the whole file), each chunk encrypted with its
 * place bound in, PUT in order; a chunk that fails for the network is sent again, and an upload
 * named in `resume` goes on from what the server holds.
 */

const uploadsPath = (assetId: string, kind: AssetFileKind) =>
  `${assetFilePath(assetId, kind)}/uploads`;
/** Waits before sending a chunk again after a lost connection: 1, 2, 4, 8, 16, 30, 30... seconds. */
const RETRY_DELAYS_MS = [1, 2, 4, 8, 16, 30, 30, 30, 30, 30].map((s) => s * 1000);

/** Lost connection, a server restarting or busy: worth another try; anything else is an answer. */
const isTransient = (err: unknown) =>
  err instanceof ApiError && (err.status === 0 || err.status === 429 || err.status >= 500);

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener("abort", () => {
      clearTimeout(timer);
      reject(new DOMException("Upload aborted", "AbortError"));
    });
  });

/** The upload's state on the server (what a resumed upload goes on from). */
export const getFileUpload = (assetId: string, kind: AssetFileKind, uploadId: string) =>
  api<FileUploadView>(`${uploadsPath(assetId, kind)}/${encodeURIComponent(uploadId)}`);

export type UploadInChunksInput = UploadAssetFileInput & {
  /** An upload of this file that the server may still hold (after a closed tab). */
  resumeUploadId?: string;
};

async function openUpload(input: UploadInChunksInput): Promise<FileUploadView> {
  const { assetId, kind, file, contentType } = input;
  // an upload of this file into this item that a closed tab left (docs/decisions/108)
  const remembered = await recallUpload(file);
  const resumeUploadId =
    input.resumeUploadId ?? (remembered?.assetId === assetId ? remembered.uploadId : undefined);
  if (resumeUploadId) {
    const held = await getFileUpload(assetId, kind, resumeUploadId).catch(() => null);
    if (held && held.size === file.size) return held;
  }
  const created = await api<FileUploadView>(uploadsPath(assetId, kind), {
    method: "POST",
    body: { size: file.size, contentType },
  });
  await rememberUpload(file, { assetId, uploadId: created.uploadId });
  return created;
}

async function encryptChunk(input: UploadInChunksInput, upload: FileUploadView, index: number) {
  const { file, contentKey } = input;
  try {
    const start = index * FILE_CHUNK_PLAIN_BYTES;
    const plain = new Uint8Array(
      await file.slice(start, start + FILE_CHUNK_PLAIN_BYTES).arrayBuffer(),
    );
    const place = { uploadId: upload.uploadId, index, isLast: index === upload.chunkCount - 1 };
    return new Blob([await encryptFileChunk(contentKey, plain, place)]);
  } catch (err) {
    throw new FileReadError(err);
  }
}

/**
 * Sends the file's chunks, encrypted with `contentKey` (the item's CK, or a message's MK), going on
 * from what the server holds of an upload of this file; returns the upload's id, all of its chunks
 * stored but not yet the item's file (completeFileUpload, or an edit that names it). Fails with
 * FileReadError or ApiError.
 */
export async function sendFileChunks(input: UploadInChunksInput): Promise<string> {
  const { assetId, kind, file, onProgress, signal } = input;
  onProgress?.({ phase: "encrypting", fraction: 0 });
  const upload = await openUpload(input);
  const path = `${uploadsPath(assetId, kind)}/${encodeURIComponent(upload.uploadId)}`;
  const total = file.size || 1;
  let next = upload.storedChunks;
  // the next chunk is encrypted while this one is sent: two chunks in memory at most
  let encrypted = next < upload.chunkCount ? encryptChunk(input, upload, next) : null;
  while (encrypted) {
    const body = await encrypted;
    const index = next;
    encrypted = index + 1 < upload.chunkCount ? encryptChunk(input, upload, index + 1) : null;
    const done = index * FILE_CHUNK_PLAIN_BYTES;
    for (let attempt = 0; ; attempt++) {
      try {
        await uploadFile<FileUploadView>(`${path}/chunks/${index}`, body, {
          headers: { "content-type": "application/octet-stream" },
          onProgress: (f) =>
            onProgress?.({
              phase: "uploading",
              fraction: Math.min(1, (done + f * (body.size - GCM_OVERHEAD_BYTES)) / total),
            }),
          signal,
        });
        break;
      } catch (err) {
        const delay = RETRY_DELAYS_MS[attempt];
        if (!isTransient(err) || delay === undefined) throw err;
        await sleep(delay, signal);
      }
    }
    next = index + 1;
  }
  onProgress?.({ phase: "uploading", fraction: 1 });
  return upload.uploadId;
}

/** The upload, all of its chunks stored, becomes the item's file of its kind. */
export async function completeFileUpload(
  { assetId, kind, file }: Pick<UploadInChunksInput, "assetId" | "kind" | "file">,
  uploadId: string,
) {
  const path = `${uploadsPath(assetId, kind)}/${encodeURIComponent(uploadId)}`;
  const { file: meta } = await api<{ file: AssetFileView }>(`${path}/complete`, {
    method: "POST",
  });
  await forgetUpload(file);
  return meta;
}

/** Uploads the file in chunks and completes it; fails with FileReadError or ApiError. */
export async function uploadAssetFileInChunks(input: UploadInChunksInput): Promise<AssetFileView> {
  return completeFileUpload(input, await sendFileChunks(input));
}

export function useUploadAssetFileInChunks() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: uploadAssetFileInChunks,
    onSuccess: () => qc.invalidateQueries({ queryKey: assetsQueryKey }),
  });
}
