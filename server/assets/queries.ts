import { and, asc, eq, gt, inArray, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import {
  ASSET_CONTENTS_PAGE_SIZE,
  ASSET_USED_MIN_INTERVAL_MS,
  type AssetContentsQuery,
  type AssetListQuery,
  type RoleGrantView,
} from "../../common/assets.js";
import { readBytea, writeBytea } from "../db/bytea.js";
import type { Tx } from "../db/client.js";
import { assetBeneficiaries, assetFiles, assets } from "../db/schema/index.js";

/** Every query here runs under withActor: row-level security limits it to the actor's own assets. */

/**
 * An asset's metadata, with its owner for the access check, its title (clear until moved over, or
 * sealed) and the wrapped content key that opens the sealed title; never the content.
 */
export const ASSET_META = {
  id: assets.id,
  userId: assets.userId,
  type: assets.type,
  title: assets.title,
  encryptedTitle: assets.encryptedTitle,
  wrappedKey: assets.wrappedKey,
  /** The people it is left to, in the owner's order (asset_beneficiaries, docs/decisions/053). */
  beneficiaryEmails: sql<
    string[]
  >`coalesce((select json_agg(b.email order by b.position) from asset_beneficiaries b where b.asset_id = assets.id and b.is_left), '[]'::json)`,
  /** The people a role gives it to (decision 091), by address. */
  roleGrants: sql<
    RoleGrantView[]
  >`coalesce((select json_agg(json_build_object('email', b.email, 'role', b.role) order by b.email) from asset_beneficiaries b where b.asset_id = assets.id and b.role is not null), '[]'::json)`,
  /** The people told only that it exists (decision 098), in the owner's order. */
  catalogueEmails: sql<
    string[]
  >`coalesce((select json_agg(b.email order by b.position) from asset_beneficiaries b where b.asset_id = assets.id and b.access = 'catalogue'), '[]'::json)`,
  isForLegalContact: assets.isForLegalContact,
  releaseTriggered: assets.releaseTriggered,
  releasedAt: assets.releasedAt,
  favorite: assets.favorite,
  lastUsedAt: assets.lastUsedAt,
  createdAt: assets.createdAt,
  updatedAt: assets.updatedAt,
};
export const FILE_META = {
  assetId: assetFiles.assetId,
  kind: assetFiles.kind,
  contentType: assetFiles.contentType,
  size: assetFiles.size,
  chunkedIn: assetFiles.chunkedIn,
};

/**
 * The actor's assets as the list's whole answer, `{"assets":[…]}` (AssetListView), newest
 * updated first: the entries PostgreSQL keeps on each row (assets.list_entry, presentAsset's JSON,
 * migration 0014) joined into one text, which goes to the browser as it is: nothing is built,
 * parsed or serialised again per request (docs/decisions/014). PostgreSQL writes the braces too:
 * a text joined in JavaScript is a rope, which Node measures and writes to the socket about twenty
 * times slower than a flat one (1.7 ms for 320 KB; decision 066).
 */
export async function listAssetBody(tx: Tx, userId: string, q: AssetListQuery): Promise<string> {
  const body = sql<string>`'{"assets":[' || coalesce(string_agg(${assets.listEntry}, ',' order by ${assets.updatedAt} desc, ${assets.id} desc), '') || ']}'`;
  const [result] = await tx
    .select({ body })
    .from(assets)
    .where(and(eq(assets.userId, userId), q.type ? eq(assets.type, q.type) : undefined));
  return result?.body ?? '{"assets":[]}';
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

/** Whether the owner already has their one final wishes item (decision 097). */
export const hasWishes = (tx: Tx, ownerId: string) =>
  tx
    .select({ id: assets.id })
    .from(assets)
    .where(and(eq(assets.userId, ownerId), eq(assets.type, "wishes")))
    .limit(1)
    .then((r) => r.length > 0);

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
    "title" | "encryptedTitle" | "wrappedKey" | "encryptedData" | "isForLegalContact"
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

/**
 * The move-over (docs/decisions/080): seals the title of each of the actor's items that still has
 * a clear one, in one statement; updated_at stays (the item did not change for its owner). Returns
 * the ids sealed: any other id (someone else's, sealed already, missing) is not touched.
 */
export async function sealClearTitles(
  tx: Tx,
  userId: string,
  titles: { id: string; encryptedTitle: Buffer }[],
): Promise<string[]> {
  if (!titles.length) return [];
  const sealed = sql.join(
    titles.map((t) => sql`when ${t.id}::uuid then ${writeBytea(t.encryptedTitle)}`),
    sql` `,
  );
  const rows = await tx
    .update(assets)
    .set({ encryptedTitle: sql`case ${assets.id} ${sealed} end`, title: null })
    .where(
      and(
        inArray(
          assets.id,
          titles.map((t) => t.id),
        ),
        eq(assets.userId, userId),
        isNotNull(assets.title),
      ),
    )
    .returning({ id: assets.id });
  return rows.map((r) => r.id);
}

/** The star toggle; updated_at stays (it is "recently changed"). */
export const updateAssetFavorite = (tx: Tx, id: string, favorite: boolean) =>
  tx
    .update(assets)
    .set({ favorite })
    .where(eq(assets.id, id))
    .returning(ASSET_META)
    .then((r) => r[0] ?? null);

/** "Recently used": now, unless it was set less than a minute ago (then nothing is written). */
export const touchAssetLastUsed = (tx: Tx, id: string) =>
  tx
    .update(assets)
    .set({ lastUsedAt: sql`now()` })
    .where(
      and(
        eq(assets.id, id),
        or(
          isNull(assets.lastUsedAt),
          lt(
            assets.lastUsedAt,
            sql`now() - make_interval(secs => ${ASSET_USED_MIN_INTERVAL_MS / 1000})`,
          ),
        ),
      ),
    );

/** One page of the owner's wrapped keys and ciphertexts, by id (the browser opens them for its lists and search). */
export const listAssetContents = (tx: Tx, userId: string, q: AssetContentsQuery) =>
  tx
    .select({
      id: assets.id,
      wrappedKey: assets.wrappedKey,
      encryptedData: readBytea(assets.encryptedData),
    })
    .from(assets)
    .where(
      and(
        eq(assets.userId, userId),
        q.type ? eq(assets.type, q.type) : undefined,
        q.after ? gt(assets.id, q.after) : undefined,
      ),
    )
    .orderBy(asc(assets.id))
    .limit(ASSET_CONTENTS_PAGE_SIZE + 1);

export const deleteAssetRow = (tx: Tx, id: string) =>
  tx.delete(assets).where(eq(assets.id, id)).returning({ id: assets.id });

/* ---------- the people an item is left to (docs/decisions/053) ---------- */

/** One beneficiary of an item: its address, and its wrap when the owner's browser sent one. */
export type AssetBeneficiaryRow = {
  email: string;
  position: number;
  wrap?: { keyId: string; wrappedKey: Buffer } | null;
};

/**
 * Adds the address or moves it to `position`; a given wrap replaces the address's, `wrap: null`
 * drops it, no wrap keeps it. named_before_keys is never written here (only migrations set it).
 */
export const upsertAssetBeneficiary = (
  tx: Tx,
  { assetId, userId, row }: { assetId: string; userId: string; row: AssetBeneficiaryRow },
) => {
  const wrap =
    row.wrap === undefined
      ? {}
      : { beneficiaryKeyId: row.wrap?.keyId ?? null, wrappedKey: row.wrap?.wrappedKey ?? null };
  return tx
    .insert(assetBeneficiaries)
    .values({ assetId, userId, email: row.email, position: row.position, isLeft: true, ...wrap })
    .onConflictDoUpdate({
      target: [assetBeneficiaries.assetId, assetBeneficiaries.email],
      set: { position: row.position, isLeft: true, ...wrap },
    });
};
