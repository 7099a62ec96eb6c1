import { and, eq, inArray, or, sql, isNull } from "drizzle-orm";
import type { Tx } from "../db/client.js";
import { assetBeneficiaries, assets, beneficiaryKeys } from "../db/schema/index.js";

/**
 * Beneficiary keys (docs/decisions/032). Every query here runs under withActor: row-level security
 * shows lv_app only the actor's own keys and assets; each also names the owner.
 */

/**
 * How many of the owner's items are left to the key's address (among others, docs/decisions/053).
 * Qualified by hand: Drizzle writes a one-table select's columns unqualified, and both tables
 * have user_id and email.
 */
const itemCount = sql<number>`(select count(*)::int from asset_beneficiaries b where b.user_id = beneficiary_keys.user_id and b.email = beneficiary_keys.email)`;

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
 * The owner's (item, address) pairs with no wrap for that address's current key: never wrapped,
 * their key re-issued or deleted, or wrapped for another address's key. One entry per address of
 * an item left to several (docs/decisions/053). With the content key wrapped by the owner's data
 * key, for their browser to wrap again.
 */
export const listPendingItems = (tx: Tx, userId: string) =>
  tx
    .select({
      assetId: assets.id,
      beneficiaryEmail: assetBeneficiaries.email,
      wrappedKey: assets.wrappedKey,
      isNamedBeforeKeys: assetBeneficiaries.namedBeforeKeys,
    })
    .from(assetBeneficiaries)
    .innerJoin(assets, eq(assets.id, assetBeneficiaries.assetId))
    .leftJoin(beneficiaryKeys, eq(beneficiaryKeys.id, assetBeneficiaries.beneficiaryKeyId))
    .where(
      and(
        eq(assetBeneficiaries.userId, userId),
        // a "catalogue only" person is never given the content key (decision 098)
        eq(assetBeneficiaries.access, "content"),
        or(
          isNull(assetBeneficiaries.wrappedKey),
          isNull(beneficiaryKeys.id),
          sql`${beneficiaryKeys.email} <> ${assetBeneficiaries.email}`,
        ),
      ),
    )
    .orderBy(assets.createdAt, assets.id, assetBeneficiaries.position);

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

/** The owner's items among `assetIds` that are left to `email` (among others). */
export const selectItemsLeftTo = (
  tx: Tx,
  { userId, email, assetIds }: { userId: string; email: string; assetIds: string[] },
) =>
  tx
    .select({ id: assetBeneficiaries.assetId })
    .from(assetBeneficiaries)
    .where(
      and(
        eq(assetBeneficiaries.userId, userId),
        eq(assetBeneficiaries.email, email),
        eq(assetBeneficiaries.access, "content"), // a catalogue person gets no wrap (decision 098)
        inArray(assetBeneficiaries.assetId, assetIds),
      ),
    );

/** Drops every beneficiary wrap made with this key (a re-issue), and every title sealed with it (decision 098). */
export const clearWrapsOfKey = (tx: Tx, userId: string, keyId: string) =>
  tx
    .update(assetBeneficiaries)
    .set({ beneficiaryKeyId: null, wrappedKey: null, catalogueTitle: null })
    .where(
      and(eq(assetBeneficiaries.userId, userId), eq(assetBeneficiaries.beneficiaryKeyId, keyId)),
    );

/**
 * Sets one item's wrap for the key's address (the composite foreign key keeps it to the owner's
 * own key; the caller checked that the item is left to that address).
 */
export const setItemWrap = (
  tx: Tx,
  { userId, assetId, email, keyId, wrappedKey }: ItemWrap & { userId: string; email: string },
) =>
  tx
    .update(assetBeneficiaries)
    .set({ beneficiaryKeyId: keyId, wrappedKey })
    .where(
      and(
        eq(assetBeneficiaries.userId, userId),
        eq(assetBeneficiaries.assetId, assetId),
        eq(assetBeneficiaries.email, email),
        eq(assetBeneficiaries.access, "content"), // never a catalogue person's (decision 098)
      ),
    )
    .returning({ id: assetBeneficiaries.assetId });
export type ItemWrap = { assetId: string; keyId: string; wrappedKey: Buffer };
