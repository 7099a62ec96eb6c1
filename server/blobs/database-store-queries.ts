import { and, asc, eq, sql } from "drizzle-orm";
import { readBytea, writeBytea } from "../db/bytea.js";
import type { Db } from "../db/client.js";
import { storedBlobChunks } from "../db/schema/index.js";
import type { BlobChunk } from "./blob-store.js";

/** The SQL of stored_blob_chunks (migration 0065): run as the app's own role, never as lv_app. */

const ofChunk = ({ blobId, index }: BlobChunk) =>
  and(eq(storedBlobChunks.blobId, blobId), eq(storedBlobChunks.index, index));

/** Stores one chunk, replacing one stored at the same index (its bytes sent once, not twice). */
export const upsertBlobChunk = (db: Db, chunk: BlobChunk, data: Buffer) =>
  db
    .insert(storedBlobChunks)
    .values({ ...chunk, data: writeBytea(data) })
    .onConflictDoUpdate({
      target: [storedBlobChunks.blobId, storedBlobChunks.index],
      set: { data: sql`excluded.data` },
    });

export const selectBlobChunk = (db: Db, chunk: BlobChunk) =>
  db
    .select({ data: readBytea(storedBlobChunks.data) })
    .from(storedBlobChunks)
    .where(ofChunk(chunk))
    .then((rows) => rows[0]?.data ?? null);

export const listBlobChunkIndexes = (db: Db, blobId: string) =>
  db
    .select({ index: storedBlobChunks.index })
    .from(storedBlobChunks)
    .where(eq(storedBlobChunks.blobId, blobId))
    .orderBy(asc(storedBlobChunks.index))
    .then((rows) => rows.map((r) => r.index));

export const deleteBlobChunks = (db: Db, blobId: string) =>
  db.delete(storedBlobChunks).where(eq(storedBlobChunks.blobId, blobId));

export const listBlobChunkSizes = (db: Db, blobId: string) =>
  db
    .select({
      index: storedBlobChunks.index,
      size: sql<number>`octet_length(${storedBlobChunks.data})`.mapWith(Number),
    })
    .from(storedBlobChunks)
    .where(eq(storedBlobChunks.blobId, blobId))
    .orderBy(asc(storedBlobChunks.index))
    .then((rows) => rows.map((r): [number, number] => [r.index, r.size]));
