import { and, eq, sql } from "drizzle-orm";
import type { AssetListQuery } from "../../common/assets.js";
import { readBytea, writeBytea } from "../db/bytea.js";
import type { Tx } from "../db/client.js";
import { assetFiles, assets } from "../db/schema/index.js";

/** Every query here runs under withActor: row-level security limits it to the actor's own assets. */

/** An asset's metadata, with its owner for the access check: never the wrapped key, never the content. */
export const ASSET_META = {
  id: assets.id,
  userId: assets.userId,
  type: assets.type,
  title: assets.title,
  beneficiaryEmail: assets.beneficiaryEmail,
  releaseTriggered: assets.releaseTriggered,
  releasedAt: assets.releasedAt,
  createdAt: assets.createdAt,
  updatedAt: assets.updatedAt,
};
export const FILE_META = {
  assetId: assetFiles.assetId,
  kind: assetFiles.kind,
  contentType: assetFiles.contentType,
  size: assetFiles.size,
};

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The actor's assets as one JSON array, newest updated first: the entries PostgreSQL keeps on each
 * row (assets.list_entry, presentAsset's JSON, migration 0014) joined into one text, which goes to
 * the browser as it is: nothing is built, parsed or serialised again per request (docs/decisions/014).
 */
export async function listAssetEntries(tx: Tx, userId: string, q: AssetListQuery): Promise<string> {
  const entries = sql<string>`'[' || coalesce(string_agg(${assets.listEntry}, ',' order by ${assets.updatedAt} desc, ${assets.id} desc), '') || ']'`;
  const [result] = await tx
    .select({ entries })
    .from(assets)
    .where(
      and(
        eq(assets.userId, userId),
        q.type ? eq(assets.type, q.type) : undefined,
        q.search ? sql`${assets.title} ilike ${`%${escapeLike(q.search)}%`}` : undefined,
      ),
    );
  return result?.entries ?? "[]";
}

/** File types and sizes (not their bytes) of one asset. */
export const listFileMeta = (tx: Tx, assetId: string) =>
  tx
    .select(FILE_META)
    .from(assetFiles)
    .where(eq(assetFiles.assetId, assetId))
    .orderBy(assetFiles.kind);

export const selectAssetMeta = (tx: Tx, id: string) =>
  tx
    .select(ASSET_META)
    .from(assets)
    .where(eq(assets.id, id))
    .limit(1)
    .then((r) => r[0] ?? null);

export const selectAssetContent = (tx: Tx, id: string) =>
  tx
    .select({ wrappedKey: assets.wrappedKey, encryptedData: readBytea(assets.encryptedData) })
    .from(assets)
    .where(eq(assets.id, id))
    .limit(1)
    .then((r) => r[0] ?? null);

export type AssetValues = typeof assets.$inferInsert;

export const insertAsset = (tx: Tx, values: AssetValues) =>
  tx
    .insert(assets)
    .values({ ...values, encryptedData: writeBytea(values.encryptedData) })
    .returning(ASSET_META)
    .then((r) => r[0] ?? null);

export type AssetChanges = Partial<
  Pick<
    AssetValues,
    | "title"
    | "beneficiaryEmail"
    | "wrappedKey"
    | "encryptedData"
    | "beneficiaryKeyId"
    | "beneficiaryWrappedKey"
  >
>;

/** Applies the changes and moves updated_at; also the row lock that file uploads take. */
export const updateAssetRow = (tx: Tx, id: string, changes: AssetChanges) =>
  tx
    .update(assets)
    .set({
      ...changes,
      ...(changes.encryptedData ? { encryptedData: writeBytea(changes.encryptedData) } : {}),
      updatedAt: sql`now()`,
    })
    .where(eq(assets.id, id))
    .returning(ASSET_META)
    .then((r) => r[0] ?? null);

export const deleteAssetRow = (tx: Tx, id: string) =>
  tx.delete(assets).where(eq(assets.id, id)).returning({ id: assets.id });
