import { and, eq, inArray, isNotNull, or, sql, isNull } from "drizzle-orm";
import type { Tx } from "../db/client.js";
import { assets, beneficiaryKeys } from "../db/schema/index.js";

/**
 * Beneficiary keys (docs/decisions/032). Every query here runs under withActor: row-level security
 * shows lv_app only the actor's own keys and assets; each also names the owner.
 */

/** The asset's beneficiary address as the keys store it (lower-case). */
const assetEmail = sql<string>`lower(${assets.beneficiaryEmail})`;

/** How many of the owner's items name the key's address. */
const itemCount = sql<number>`(select count(*)::int from ${assets} where ${assets.userId} = ${beneficiaryKeys.userId} and lower(${assets.beneficiaryEmail}) = ${beneficiaryKeys.email})`;

/** What the owner's browser sees of a key: never the server share, never the escrowed access key. */
const KEY_VIEW = {
  id: beneficiaryKeys.id,
  userId: beneficiaryKeys.userId,
  email: beneficiaryKeys.email,
  ownerWrappedKey: beneficiaryKeys.ownerWrappedKey,
  ownerWrappedAccessKey: beneficiaryKeys.ownerWrappedAccessKey,
  isEscrowed: sql<boolean>`${beneficiaryKeys.escrowShare} is not null`,
  handedOverAt: beneficiaryKeys.handedOverAt,
  createdAt: beneficiaryKeys.createdAt,
  itemCount,
};

export const listKeyViews = (tx: Tx, userId: string) =>
  tx
    .select(KEY_VIEW)
    .from(beneficiaryKeys)
    .where(eq(beneficiaryKeys.userId, userId))
    .orderBy(beneficiaryKeys.email);
export type KeyViewRow = Awaited<ReturnType<typeof listKeyViews>>[number];

export const selectKeyView = (tx: Tx, userId: string, id: string) =>
  tx
    .select(KEY_VIEW)
    .from(beneficiaryKeys)
    .where(and(eq(beneficiaryKeys.userId, userId), eq(beneficiaryKeys.id, id)))
    .limit(1)
    .then((r) => r[0] ?? null);

const KEY_REF = {
  id: beneficiaryKeys.id,
  userId: beneficiaryKeys.userId,
  email: beneficiaryKeys.email,
};

/** The key's owner and address (row-level security hides other owners' keys: null, as for a missing one). */
export const selectKeyRef = (tx: Tx, id: string) =>
  tx
    .select(KEY_REF)
    .from(beneficiaryKeys)
    .where(eq(beneficiaryKeys.id, id))
    .limit(1)
    .then((r) => r[0] ?? null);

/**
 * selectKeyRef, the row locked FOR SHARE until the transaction ends: whoever writes a wrap with this
 * key holds it, so a re-issue (selectKeyIdByEmailForUpdate) cannot delete the key between the wrap
 * and its commit and leave the wrap behind (ON DELETE SET NULL clears only the key id).
 */
export const selectKeyRefForShare = (tx: Tx, id: string) =>
  tx
    .select(KEY_REF)
    .from(beneficiaryKeys)
    .where(eq(beneficiaryKeys.id, id))
    .limit(1)
    .for("share")
    .then((r) => r[0] ?? null);

/**
 * The owner's current key for an address, if any, locked FOR UPDATE: a re-issue holds it until it
 * has cleared the old key's wraps and deleted it, so a concurrent wrap with that key (which holds it
 * FOR SHARE, selectKeyRefForShare) either commits first and is cleared, or waits and finds no key.
 */
export const selectKeyIdByEmailForUpdate = (tx: Tx, userId: string, email: string) =>
  tx
    .select({ id: beneficiaryKeys.id })
    .from(beneficiaryKeys)
    .where(and(eq(beneficiaryKeys.userId, userId), eq(beneficiaryKeys.email, email)))
    .limit(1)
    .for("update")
    .then((r) => r[0]?.id ?? null);

/**
 * The owner's items that name an address but have no wrap for that address's current key: never
 * wrapped, their key re-issued or deleted, or wrapped for another address's key. With the content
 * key wrapped by the owner's data key, for their browser to wrap again.
 */
export const listPendingItems = (tx: Tx, userId: string) =>
  tx
    .select({
      assetId: assets.id,
      beneficiaryEmail: assetEmail,
      wrappedKey: assets.wrappedKey,
      isNamedBeforeKeys: assets.namedBeforeKeys,
    })
    .from(assets)
    .leftJoin(beneficiaryKeys, eq(beneficiaryKeys.id, assets.beneficiaryKeyId))
    .where(
      and(
        eq(assets.userId, userId),
        isNotNull(assets.beneficiaryEmail),
        or(
          isNull(assets.beneficiaryWrappedKey),
          isNull(beneficiaryKeys.id),
          sql`${beneficiaryKeys.email} <> ${assetEmail}`,
        ),
      ),
    )
    .orderBy(assets.createdAt, assets.id);

export const insertKey = (tx: Tx, values: typeof beneficiaryKeys.$inferInsert) =>
  tx.insert(beneficiaryKeys).values(values).returning({ id: beneficiaryKeys.id });

export const deleteKey = (tx: Tx, userId: string, id: string) =>
  tx
    .delete(beneficiaryKeys)
    .where(and(eq(beneficiaryKeys.userId, userId), eq(beneficiaryKeys.id, id)))
    .returning({ id: beneficiaryKeys.id });

export const updateKey = (
  tx: Tx,
  { userId, id, changes }: { userId: string; id: string; changes: KeyChanges },
) =>
  tx
    .update(beneficiaryKeys)
    .set(changes)
    .where(and(eq(beneficiaryKeys.userId, userId), eq(beneficiaryKeys.id, id)))
    .returning({ id: beneficiaryKeys.id });
export type KeyChanges = { handedOverAt?: Date; escrowShare?: Buffer };

/** The owner's items among `assetIds`, with the address each names (lower-case). */
export const selectItemEmails = (tx: Tx, userId: string, assetIds: string[]) =>
  tx
    .select({ id: assets.id, email: assetEmail })
    .from(assets)
    .where(and(eq(assets.userId, userId), inArray(assets.id, assetIds)));

/** Drops the beneficiary wrap of every item wrapped for this key (a re-issue). */
export const clearWrapsOfKey = (tx: Tx, userId: string, keyId: string) =>
  tx
    .update(assets)
    .set({ beneficiaryKeyId: null, beneficiaryWrappedKey: null })
    .where(and(eq(assets.userId, userId), eq(assets.beneficiaryKeyId, keyId)));

/** Sets one item's beneficiary wrap (the composite foreign key keeps it to the owner's own key). */
export const setItemWrap = (
  tx: Tx,
  { userId, assetId, keyId, wrappedKey }: ItemWrap & { userId: string },
) =>
  tx
    .update(assets)
    .set({ beneficiaryKeyId: keyId, beneficiaryWrappedKey: wrappedKey })
    .where(and(eq(assets.userId, userId), eq(assets.id, assetId)))
    .returning({ id: assets.id });
export type ItemWrap = { assetId: string; keyId: string; wrappedKey: Buffer };
