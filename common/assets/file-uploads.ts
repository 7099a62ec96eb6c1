import { z } from "zod";
import { GCM_OVERHEAD_BYTES } from "../ciphertext.js";
import type { AssetFileKind } from "./files.js";

/*
 * Files uploaded in encrypted chunks (docs/decisions/108-chunked-uploads.md): the plaintext in
 * chunks of FILE_CHUNK_PLAIN_BYTES, each one AES-GCM ciphertext (IV ‖ ciphertext ‖ tag) whose
 * additional data binds the upload's id, the chunk's index and whether it is the last one. The
 * stored file is the chunks' ciphertexts one after the other.
 */

/** The plaintext in each chunk but the last (which holds the rest, at least 1 byte). */
export const FILE_CHUNK_PLAIN_BYTES = 4 * 1024 * 1024;
/** The largest file uploaded in chunks: 2 GB (decimal, so that the ciphertext's size fits a 32-bit column). */
export const CHUNKED_FILE_MAX_BYTES = 2_000_000_000;
/** The kinds of file that may be uploaded in chunks: all of them (the browser sends every new file so). */
export const CHUNKED_FILE_KINDS: readonly AssetFileKind[] = [
  "document",
  "recording",
  "attachment",
  "media",
];

/** On a file's download: set when the file was uploaded in chunks, to the upload's id (bound into each chunk). */
export const FILE_UPLOAD_ID_HEADER = "x-file-upload-id";

/** How many chunks a plaintext of `size` bytes makes (at least one). */
export const chunkCountOf = (size: number) => Math.max(1, Math.ceil(size / FILE_CHUNK_PLAIN_BYTES));

/** The ciphertext's size of chunk `index` of a plaintext of `size` bytes. */
export function chunkCiphertextBytes(size: number, index: number): number {
  const isLast = index === chunkCountOf(size) - 1;
  const plain = isLast ? size - index * FILE_CHUNK_PLAIN_BYTES : FILE_CHUNK_PLAIN_BYTES;
  return plain + GCM_OVERHEAD_BYTES;
}

/** The whole file's ciphertext size: the plaintext plus IV and tag per chunk. */
export const chunkedCiphertextBytes = (size: number) =>
  size + chunkCountOf(size) * GCM_OVERHEAD_BYTES;

/**
 * A stored file's plaintext size from its ciphertext's: one IV and tag for a single-body file,
 * one per chunk for a chunked one (every chunk but the last holds FILE_CHUNK_PLAIN_BYTES).
 */
export function plaintextBytesOf({ size, isChunked }: { size: number; isChunked: boolean }) {
  const chunks = isChunked ? Math.ceil(size / (FILE_CHUNK_PLAIN_BYTES + GCM_OVERHEAD_BYTES)) : 1;
  return Math.max(0, size - Math.max(1, chunks) * GCM_OVERHEAD_BYTES);
}

export const FILE_UPLOAD_MSG = {
  tooLarge: "The file is too large. Maximum size is 2 GB.",
  uploadHint: "up to 2 GB",
  outOfOrder: "Upload the chunks in order: this chunk comes after one that is not stored yet",
  wrongSize: (expected: number) => `This chunk must be exactly ${expected} bytes`,
  noSuchChunk: "This upload has no chunk with that number",
  incomplete: "Some chunks of this upload are not stored yet",
  notChunked: "This kind of file cannot be uploaded in chunks",
} as const;

/** POST /api/assets/:id/files/:kind/uploads: the plaintext's size and declared type. */
export const createFileUploadSchema = z.strictObject({
  /** Checked against CHUNKED_FILE_MAX_BYTES by the server, which answers 413 past it. */
  size: z.int().min(1).max(Number.MAX_SAFE_INTEGER),
  contentType: z.string().min(1).max(200),
});
export type CreateFileUploadInput = z.infer<typeof createFileUploadSchema>;

/** An upload in progress: what it takes and how many chunks the server holds (0 to storedChunks-1). */
export type FileUploadView = {
  uploadId: string;
  size: number;
  chunkBytes: number;
  chunkCount: number;
  storedChunks: number;
};
