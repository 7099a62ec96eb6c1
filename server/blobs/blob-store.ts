import { Readable } from "node:stream";
import { FILE_UPLOAD_ID_HEADER } from "../../common/assets/file-uploads.js";

/*
 * Files' ciphertext outside the database (docs/decisions/090-file-store.md). A blob is addressed
 * by an opaque id (a random uuid, never a title, a name or an address) and holds its bytes in
 * chunks numbered from 0: today's files are written as 1 MiB pieces of one ciphertext; streamed
 * uploads (issue 37 item 4) write one encrypted chunk per index and resume from listChunks.
 */

export { CHUNK_STORES, type ChunkStoreName } from "../db/schema/storage.js";

/** One chunk of a blob: the blob's opaque id and the chunk's place, from 0. */
export type BlobChunk = { blobId: string; index: number };

/**
 * A chunk's bytes: a Buffer, or a stream of exactly `size` bytes (never held whole in memory),
 * with a signal that aborts the write when the stream fails (a request body cut short).
 */
export type ChunkBody = Buffer | { stream: Readable; size: number; signal?: AbortSignal };

export type BlobStore = {
  /** Where the bytes live, for logs and the operations page. */
  readonly describe: string;
  /** Stores one chunk, replacing one stored at the same index. */
  putChunk(chunk: BlobChunk, body: ChunkBody): Promise<void>;
  /** One chunk's bytes as a stream, or null when no such chunk is stored. */
  getChunk(chunk: BlobChunk): Promise<Readable | null>;
  /** The indexes stored for this blob, in order (what a resumed upload already has). */
  listChunks(blobId: string): Promise<number[]>;
  /** The chunks stored for this blob as [index, bytes], in order (a cut-off write shows as too small). */
  listChunkSizes(blobId: string): Promise<[number, number][]>;
  /** Every chunk of the blob, in index order, as one stream. */
  readBlob(blobId: string): Readable;
  /** Deletes every chunk of the blob; nothing to delete is no error. */
  deleteBlob(blobId: string): Promise<void>;
  /** At start-up: the store answers and takes writes (throws a readable Error otherwise). */
  check(): Promise<void>;
};

/** A file's ciphertext as read: whole (the database's pieces) or streamed (the object store). */
export type StoredBytes = Buffer | Readable;

/** A response body for stored bytes. */
export const responseBody = (bytes: StoredBytes): Uint8Array<ArrayBuffer> | ReadableStream =>
  bytes instanceof Readable ? (Readable.toWeb(bytes) as ReadableStream) : new Uint8Array(bytes);

/** Reads stored bytes into one Buffer (for callers that need them whole, such as tests). */
export async function bytesOf(bytes: StoredBytes): Promise<Buffer> {
  if (!(bytes instanceof Readable)) return bytes;
  const parts: Buffer[] = [];
  for await (const part of bytes) parts.push(Buffer.from(part as Uint8Array));
  return Buffer.concat(parts);
}

/** A download's header that tells the browser a file was uploaded in chunks, and under which upload id (docs/decisions/108). */
export const chunkedFileHeaders = (uploadId: string | null): Record<string, string> =>
  uploadId ? { [FILE_UPLOAD_ID_HEADER]: uploadId } : {};
