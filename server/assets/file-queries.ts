import { and, eq, sql } from "drizzle-orm";
import type { AssetFileKind } from "../../common/assets/files.js";
import { readBytea, writeBytea } from "../db/bytea.js";
import type { ChunkStoreName } from "../blobs/blob-store.js";
import type { Tx } from "../db/client.js";
import { assetFileChunks, assetFiles } from "../db/schema/index.js";
import { FILE_CHUNK_BYTES } from "../storage/file-bodies.js";
import { FILE_META } from "./queries.js";

/**
 * Under withActor: the policies reach only files of the actor's own assets (the release portal
 * reads them as the system). A file's bytes are stored in pieces of FILE_CHUNK_BYTES (migration
 * 0015, docs/decisions/015-file-chunks.md): every statement carries at most one piece.
 */

const ofFile = (assetId: string, kind: AssetFileKind) =>
  and(eq(assetFileChunks.assetId, assetId), eq(assetFileChunks.kind, kind));

/** One file of an asset: which asset, which kind. */
export type AssetFileRef = { assetId: string; kind: AssetFileKind };

/**
 * A file row to write: one AES-GCM body (its bytes, in the database unless `blobId` names them in
 * the object store), or a file uploaded in chunks, already in the store `chunkedIn` under `blobId`.
 */
export type StoredFileRow = { assetId: string; kind: AssetFileKind; contentType: string } & (
  | { data: Buffer; blobId: string | null }
  | { blobId: string; chunkedIn: ChunkStoreName; size: number }
);

/**
 * Stores the file's type, size and bytes, replacing what was stored for this kind. With a
 * `blobId` the bytes are already in the object store (docs/decisions/090) and the row names it;
 * the blob it replaces is queued for deletion by the trigger of migration 0051.
 */
export async function upsertFile(tx: Tx, { assetId, kind, contentType, ...body }: StoredFileRow) {
  const isChunked = "chunkedIn" in body;
  const size = isChunked ? body.size : body.data.length;
  const { blobId } = body;
  const chunkedIn = isChunked ? body.chunkedIn : null;
  const [file] = await tx
    .insert(assetFiles)
    .values({ assetId, kind, contentType, size, blobId, chunkedIn })
    .onConflictDoUpdate({
      target: [assetFiles.assetId, assetFiles.kind],
      set: {
        contentType: sql`excluded.content_type`,
        size: sql`excluded.size`,
        createdAt: sql`now()`,
        blobId: sql`excluded.blob_id`,
        chunkedIn: sql`excluded.chunked_in`,
      },
    })
    .returning(FILE_META);
  await tx.delete(assetFileChunks).where(ofFile(assetId, kind));
  if (isChunked || body.blobId) return file ?? null;
  const { data } = body;
  for (let seq = 0; seq * FILE_CHUNK_BYTES < data.length; seq++) {
    const piece = data.subarray(seq * FILE_CHUNK_BYTES, (seq + 1) * FILE_CHUNK_BYTES);
    await tx.insert(assetFileChunks).values({ assetId, kind, seq, data: writeBytea(piece) });
  }
  return file ?? null;
}

/** Which store holds the file's bytes: its blob id (object store) or null (the database), or no row. */
export const selectFileBlob = (tx: Tx, assetId: string, kind: AssetFileKind) =>
  tx
    .select({ blobId: assetFiles.blobId, chunkedIn: assetFiles.chunkedIn })
    .from(assetFiles)
    .where(and(eq(assetFiles.assetId, assetId), eq(assetFiles.kind, kind)))
    .then((rows) => rows[0] ?? null);

/** The file's bytes in the database, in one Buffer, or null when there are none. */
export async function selectFileData(
  tx: Tx,
  assetId: string,
  kind: AssetFileKind,
): Promise<Buffer | null> {
  const pieces = await tx
    .select({ data: readBytea(assetFileChunks.data) })
    .from(assetFileChunks)
    .where(ofFile(assetId, kind))
    .orderBy(assetFileChunks.seq);
  return pieces.length ? Buffer.concat(pieces.map((p) => p.data)) : null;
}

/** Removes the file (its pieces go with it). */
export const deleteFileRow = (tx: Tx, assetId: string, kind: AssetFileKind) =>
  tx
    .delete(assetFiles)
    .where(and(eq(assetFiles.assetId, assetId), eq(assetFiles.kind, kind)))
    .returning({ kind: assetFiles.kind });
