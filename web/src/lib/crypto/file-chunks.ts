import { FILE_CHUNK_PLAIN_BYTES } from "@common/assets/file-uploads";
import { GCM_OVERHEAD_BYTES } from "@common/ciphertext";
import { decryptBytes, DecryptError, encryptBytes } from "./vault-crypto";

/*
 * A file encrypted chunk by chunk (docs/decisions/108-chunked-uploads.md): the plaintext in
 * chunks of FILE_CHUNK_PLAIN_BYTES, each AES-256-GCM under the item's content key with a fresh
 * IV, its additional data naming the upload, the chunk's index and whether it is the last. A
 * chunk moved to another place, another file's chunk, a dropped chunk or a file cut short at a
 * chunk's end all fail to decrypt.
 */

/** Where a chunk belongs: its upload, its index, and whether the file ends with it. */
export type ChunkPlace = { uploadId: string; index: number; isLast: boolean };

/** The additional data of a chunk (not secret, not stored). */
export const chunkAdditionalData = ({ uploadId, index, isLast }: ChunkPlace) =>
  `legacy-vault/file-chunk/v1/${uploadId}/${index}/${isLast ? "last" : "more"}`;

/** One chunk's ciphertext: IV ‖ ciphertext ‖ tag, bound to its place. */
export const encryptFileChunk = (key: CryptoKey, plaintext: Uint8Array, place: ChunkPlace) =>
  encryptBytes(key, plaintext, chunkAdditionalData(place));

/** One chunk's plaintext; DecryptError when it is not the chunk of this place. */
export const decryptFileChunk = (key: CryptoKey, blob: Uint8Array, place: ChunkPlace) =>
  decryptBytes(key, blob, chunkAdditionalData(place));

/**
 * Reads a chunked file's ciphertext as it streams in and decrypts it chunk by chunk, returning
 * the plaintext chunks (for a Blob, which the browser may keep on disk): the ciphertext held at
 * any time is at most one chunk and what the network has just delivered. `chunkBytes` is the
 * plaintext per chunk (the format's constant; smaller in tests).
 */
export async function decryptChunkedStream(
  key: CryptoKey,
  body: ReadableStream<Uint8Array>,
  {
    uploadId,
    chunkBytes = FILE_CHUNK_PLAIN_BYTES,
    onReceived,
  }: { uploadId: string; chunkBytes?: number; onReceived?: (bytes: number) => void },
): Promise<Uint8Array<ArrayBuffer>[]> {
  const size = chunkBytes + GCM_OVERHEAD_BYTES;
  const reader = body.getReader();
  const parts: Uint8Array<ArrayBuffer>[] = [];
  let pending = new Uint8Array(size);
  let filled = 0;
  let received = 0;
  let index = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    received += value.length;
    onReceived?.(received);
    let offset = 0;
    while (offset < value.length) {
      if (filled === size) {
        // a full chunk and more bytes after it: it is not the last one
        parts.push(await decryptFileChunk(key, pending, { uploadId, index, isLast: false }));
        index++;
        pending = new Uint8Array(size);
        filled = 0;
      }
      const take = Math.min(size - filled, value.length - offset);
      pending.set(value.subarray(offset, offset + take), filled);
      filled += take;
      offset += take;
    }
  }
  if (filled < GCM_OVERHEAD_BYTES) throw new DecryptError();
  parts.push(
    await decryptFileChunk(key, pending.subarray(0, filled), { uploadId, index, isLast: true }),
  );
  return parts;
}

/**
 * A picked file's fingerprint for remembering its upload across a closed tab: a SHA-256 of its
 * name, size and last change, so that the browser's storage keeps no file name.
 */
export async function fileFingerprint(file: File): Promise<string> {
  const text = `${file.name}\n${file.size}\n${file.lastModified}`;
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}
