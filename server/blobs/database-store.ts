import { Readable } from "node:stream";
import type { Db } from "../db/client.js";
import type { BlobChunk, BlobStore, ChunkBody } from "./blob-store.js";
import {
  deleteBlobChunks,
  listBlobChunkIndexes,
  listBlobChunkSizes,
  selectBlobChunk,
  upsertBlobChunk,
} from "./database-store-queries.js";

/** A chunk's stream ended before its size or ran past it: the caller answers 400. */
export class ChunkSizeError extends Error {}

/** A streamed chunk's bytes, read into one Buffer of exactly its size (one chunk, never a file). */
async function bufferOf(body: ChunkBody): Promise<Buffer> {
  if (!("stream" in body)) return body;
  const out = Buffer.allocUnsafe(body.size);
  let filled = 0;
  for await (const bytes of body.stream as AsyncIterable<unknown>) {
    if (!(bytes instanceof Uint8Array)) throw new TypeError("a chunk's stream must yield bytes");
    if (filled + bytes.length > body.size) throw new ChunkSizeError("chunk longer than its size");
    out.set(bytes, filled);
    filled += bytes.length;
  }
  if (filled !== body.size) throw new ChunkSizeError("chunk shorter than its size");
  return out;
}

/**
 * The blob store in PostgreSQL (docs/decisions/108, as decision 090 foresaw): one row of
 * stored_blob_chunks per chunk, written as the app's own role. Each statement carries one chunk
 * (at most 4 MiB of ciphertext); a blob is read back chunk by chunk, never whole.
 */
export function createDatabaseStore(db: Db): BlobStore {
  async function* chunksOf(blobId: string) {
    for (const index of await listBlobChunkIndexes(db, blobId)) {
      const data = await selectBlobChunk(db, { blobId, index });
      if (data) yield data;
    }
  }
  return {
    describe: "the database (stored_blob_chunks)",
    async putChunk(chunk: BlobChunk, body: ChunkBody) {
      await upsertBlobChunk(db, chunk, await bufferOf(body));
    },
    async getChunk(chunk) {
      const data = await selectBlobChunk(db, chunk);
      return data && Readable.from([data]);
    },
    listChunks: (blobId) => listBlobChunkIndexes(db, blobId),
    listChunkSizes: (blobId) => listBlobChunkSizes(db, blobId),
    readBlob: (blobId) => Readable.from(chunksOf(blobId)),
    async deleteBlob(blobId) {
      await deleteBlobChunks(db, blobId);
    },
    async check() {},
  };
}
