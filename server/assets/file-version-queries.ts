import { and, desc, eq, sql } from "drizzle-orm";
import type { AssetFileKind } from "../../common/assets/files.js";
import { readBytea } from "../db/bytea.js";
import type { Tx } from "../db/client.js";
import {
  assetFileChunks,
  assetFiles,
  assetFileVersionChunks,
  assetFileVersions,
} from "../db/schema/index.js";

/**
 * Under withActor: the policies reach only versions of the actor's own assets (migration 0033,
 * docs/decisions/049-document-versions.md). The bytes move inside the database, never through
 * the server's memory.
 */

const VERSION_META = {
  versionId: assetFileVersions.id,
  contentType: assetFileVersions.contentType,
  size: assetFileVersions.size,
  chunkedIn: assetFileVersions.chunkedIn,
  createdAt: assetFileVersions.createdAt,
};

const ofVersions = (assetId: string, kind: AssetFileKind) =>
  and(eq(assetFileVersions.assetId, assetId), eq(assetFileVersions.kind, kind));

/** Copies the current file of this kind (its row and pieces), if there is one, into an earlier version. */
export async function copyFileToVersion(tx: Tx, assetId: string, kind: AssetFileKind) {
  const [version] = await tx
    .insert(assetFileVersions)
    .select(
      tx
        .select({
          id: sql<string>`gen_random_uuid()`.as("id"),
          assetId: assetFiles.assetId,
          kind: assetFiles.kind,
          contentType: assetFiles.contentType,
          size: assetFiles.size,
          createdAt: assetFiles.createdAt,
          replacedAt: sql<Date>`now()`.as("replaced_at"),
          blobId: assetFiles.blobId,
          chunkedIn: assetFiles.chunkedIn,
        })
        .from(assetFiles)
        .where(and(eq(assetFiles.assetId, assetId), eq(assetFiles.kind, kind))),
    )
    .returning({ id: assetFileVersions.id });
  if (!version) return null;
  await tx.insert(assetFileVersionChunks).select(
    tx
      .select({
        versionId: sql<string>`${version.id}::uuid`.as("version_id"),
        seq: assetFileChunks.seq,
        data: assetFileChunks.data,
      })
      .from(assetFileChunks)
      .where(and(eq(assetFileChunks.assetId, assetId), eq(assetFileChunks.kind, kind))),
  );
  return version.id;
}

/** Deletes the earlier versions past the newest `keep` (their pieces go with them). */
export const deleteVersionsBeyond = (
  tx: Tx,
  { assetId, kind, keep }: { assetId: string; kind: AssetFileKind; keep: number },
) =>
  tx.execute(sql`
    delete from ${assetFileVersions} where ${assetFileVersions.id} in (
      select ${assetFileVersions.id} from ${assetFileVersions}
      where ${ofVersions(assetId, kind)}
      order by ${assetFileVersions.createdAt} desc, ${assetFileVersions.id} desc
      offset ${keep})`);

/** The earlier versions of this file, newest first. */
export const listVersionMeta = (tx: Tx, assetId: string, kind: AssetFileKind) =>
  tx
    .select(VERSION_META)
    .from(assetFileVersions)
    .where(ofVersions(assetId, kind))
    .orderBy(desc(assetFileVersions.createdAt), desc(assetFileVersions.id));

/** The current file's type, size and upload time, or null. */
export const selectCurrentFileMeta = (tx: Tx, assetId: string, kind: AssetFileKind) =>
  tx
    .select({
      contentType: assetFiles.contentType,
      size: assetFiles.size,
      chunkedIn: assetFiles.chunkedIn,
      createdAt: assetFiles.createdAt,
    })
    .from(assetFiles)
    .where(and(eq(assetFiles.assetId, assetId), eq(assetFiles.kind, kind)))
    .then((r) => r[0] ?? null);

/** Which store holds an earlier version's bytes (blob id or null), or null when this file has no such version. */
export const selectVersionBlob = (
  tx: Tx,
  { assetId, kind, versionId }: { assetId: string; kind: AssetFileKind; versionId: string },
) =>
  tx
    .select({ blobId: assetFileVersions.blobId, chunkedIn: assetFileVersions.chunkedIn })
    .from(assetFileVersions)
    .where(and(eq(assetFileVersions.id, versionId), ofVersions(assetId, kind)))
    .then((rows) => rows[0] ?? null);

/** An earlier version's bytes in the database, in one Buffer, or null when there are none. */
export async function selectVersionData(
  tx: Tx,
  { assetId, kind, versionId }: { assetId: string; kind: AssetFileKind; versionId: string },
): Promise<Buffer | null> {
  const pieces = await tx
    .select({ data: readBytea(assetFileVersionChunks.data) })
    .from(assetFileVersionChunks)
    .innerJoin(assetFileVersions, eq(assetFileVersions.id, assetFileVersionChunks.versionId))
    .where(and(eq(assetFileVersions.id, versionId), ofVersions(assetId, kind)))
    .orderBy(assetFileVersionChunks.seq);
  return pieces.length ? Buffer.concat(pieces.map((p) => p.data)) : null;
}
