import { sql } from "drizzle-orm";
import { bytesOf } from "../server/blobs/blob-store.js";
import { rowsOf, type TestContext } from "./harness.js";

/*
 * Where a file's ciphertext is, whichever store holds it (docs/decisions/090): tests that look
 * under the API ask here, so that they run on FILE_STORE=postgres and FILE_STORE=s3 alike.
 */

/** The current file's pieces as [index, bytes], from the database or the object store; [] without a file. */
export async function storedPieces(
  ctx: TestContext,
  { assetId, kind }: { assetId: string; kind: string },
): Promise<[number, number][]> {
  const { db, files } = ctx.services.deps;
  const [file] = rowsOf<{ blob_id: string | null }>(
    await db.execute(
      sql`select blob_id from asset_files where asset_id = ${assetId} and kind = ${kind}`,
    ),
  );
  if (!file) return [];
  if (!file.blob_id)
    return rowsOf<{ seq: number; n: number }>(
      await db.execute(
        sql`select seq, octet_length(data) as n from asset_file_chunks where asset_id = ${assetId} and kind = ${kind} order by seq`,
      ),
    ).map((r) => [r.seq, Number(r.n)]);
  const blobs = files.blobs;
  if (!blobs) throw new Error("a file in the object store, and no object store");
  const pieces: [number, number][] = [];
  for (const index of await blobs.listChunks(file.blob_id)) {
    const chunk = await blobs.getChunk({ blobId: file.blob_id, index });
    pieces.push([index, chunk ? (await bytesOf(chunk)).length : -1]);
  }
  return pieces;
}

/** The blob ids that an asset's files and earlier versions hold in the object store. */
export async function blobIdsOf(ctx: TestContext, assetId: string): Promise<string[]> {
  return rowsOf<{ blob_id: string }>(
    await ctx.services.deps.db.execute(
      sql`select blob_id from asset_files where asset_id = ${assetId} and blob_id is not null
          union all
          select blob_id from asset_file_versions where asset_id = ${assetId} and blob_id is not null`,
    ),
  ).map((r) => r.blob_id);
}

/** How many objects these blobs still have in the object store (0 without one). */
export async function objectsOf(ctx: TestContext, blobIds: string[]): Promise<number> {
  const blobs = ctx.services.deps.files.blobs;
  let n = 0;
  for (const blobId of blobIds) n += blobs ? (await blobs.listChunks(blobId)).length : 0;
  return n;
}
