import { and, desc, eq, gt, isNull, ne, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Tx } from "../db/client.js";
import {
  assetBeneficiaries,
  beneficiaries,
  beneficiaryKeys,
  emailChanges,
  legacyCodes,
  legacySessions,
  profiles,
  releaseItems,
  user,
} from "../db/schema/index.js";

/** The account that uses `email` (any letter case), if any. */
export async function selectAccountByEmail(tx: Tx, email: string) {
  const [row] = await tx
    .select({ id: user.id, emailVerified: user.emailVerified })
    .from(user)
    .where(sql`lower(${user.email}) = ${email.toLowerCase()}`);
  return row ?? null;
}

export async function selectAccount(tx: Tx, userId: string) {
  const [row] = await tx
    .select({ id: user.id, email: user.email, name: user.name })
    .from(user)
    .where(eq(user.id, userId))
    .for("update");
  return row ?? null;
}

/** A new request (or a cancel) replaces the account's unconfirmed ones: their links stop working. */
export const deleteUnconfirmed = (tx: Tx, userId: string) =>
  tx
    .delete(emailChanges)
    .where(and(eq(emailChanges.userId, userId), isNull(emailChanges.confirmedAt)))
    .returning({ id: emailChanges.id });

/** The account's newest request still waiting for its confirmation link (unexpired), if any. */
export async function selectPending(tx: Tx, userId: string, now: Date) {
  const [row] = await tx
    .select({
      newEmail: emailChanges.newEmail,
      createdAt: emailChanges.createdAt,
      confirmExpiresAt: emailChanges.confirmExpiresAt,
    })
    .from(emailChanges)
    .where(
      and(
        eq(emailChanges.userId, userId),
        isNull(emailChanges.confirmedAt),
        gt(emailChanges.confirmExpiresAt, now),
      ),
    )
    .orderBy(desc(emailChanges.createdAt))
    .limit(1);
  return row ?? null;
}

export async function insertEmailChange(tx: Tx, row: typeof emailChanges.$inferInsert) {
  await tx.insert(emailChanges).values(row);
}

/** An unused, unexpired confirmation link, locked for this transaction. */
export async function selectByConfirmToken(tx: Tx, tokenHash: string, now: Date) {
  const [row] = await tx
    .select()
    .from(emailChanges)
    .where(
      and(
        eq(emailChanges.confirmTokenHash, tokenHash),
        isNull(emailChanges.confirmedAt),
        gt(emailChanges.confirmExpiresAt, now),
      ),
    )
    .for("update");
  return row ?? null;
}

/** An unused, unexpired undo link of a confirmed change, locked for this transaction. */
export async function selectByUndoToken(tx: Tx, tokenHash: string, now: Date) {
  const [row] = await tx
    .select()
    .from(emailChanges)
    .where(
      and(
        eq(emailChanges.undoTokenHash, tokenHash),
        isNull(emailChanges.undoneAt),
        gt(emailChanges.undoExpiresAt, now),
      ),
    )
    .for("update");
  return row ?? null;
}

export const markConfirmed = (
  tx: Tx,
  id: string,
  { now, undoTokenHash, undoExpiresAt }: { now: Date; undoTokenHash: string; undoExpiresAt: Date },
) =>
  tx
    .update(emailChanges)
    .set({ confirmedAt: now, undoTokenHash, undoExpiresAt })
    .where(eq(emailChanges.id, id));

/** An undo ends this change's link and those of the account's later changes (and any pending request). */
export async function markUndone(tx: Tx, userId: string, now: Date) {
  await tx
    .update(emailChanges)
    .set({ undoneAt: now })
    .where(and(eq(emailChanges.userId, userId), isNull(emailChanges.undoneAt)));
  await deleteUnconfirmed(tx, userId);
}

/** The account's address, confirmed, and its profile's copy (firm client lists show and search it). */
export async function setAccountEmail(tx: Tx, userId: string, email: string, now: Date) {
  await tx
    .update(user)
    .set({ email, emailVerified: true, updatedAt: now })
    .where(eq(user.id, userId));
  await tx.update(profiles).set({ email }).where(eq(profiles.id, userId));
}

/**
 * Everything that names the person by address (as a beneficiary of other owners' vaults and of
 * releases) follows the account from `from` to `to` (decision 043). Items named before beneficiary
 * keys keep that mark.
 */
export async function moveAddressReferences(tx: Tx, { from, to }: { from: string; to: string }) {
  const named = (column: AnyPgColumn) => sql`lower(${column}) = ${from}`;
  await tx.update(beneficiaries).set({ email: to }).where(named(beneficiaries.email));
  // An owner who already names `to` on an item keeps that row (with its wrap); the other goes.
  await tx
    .delete(assetBeneficiaries)
    .where(
      and(
        eq(assetBeneficiaries.email, from),
        sql`exists (select 1 from asset_beneficiaries o where o.asset_id = asset_beneficiaries.asset_id and o.email = ${to})`,
      ),
    );
  await tx.update(assetBeneficiaries).set({ email: to }).where(eq(assetBeneficiaries.email, from));
  // An owner who already holds a key for `to` keeps both: a key moves only where it would be the only one.
  await tx
    .update(beneficiaryKeys)
    .set({ email: to })
    .where(
      and(
        eq(beneficiaryKeys.email, from),
        sql`not exists (select 1 from beneficiary_keys k where k.user_id = beneficiary_keys.user_id and k.email = ${to})`,
      ),
    );
  await tx
    .delete(releaseItems)
    .where(
      and(
        eq(releaseItems.beneficiaryEmail, from),
        sql`exists (select 1 from release_items o where o.release_id = release_items.release_id and o.asset_id = release_items.asset_id and o.beneficiary_email = ${to})`,
      ),
    );
  await tx
    .update(releaseItems)
    .set({ beneficiaryEmail: to })
    .where(eq(releaseItems.beneficiaryEmail, from));
  // The portal's codes and sessions of the address that left the account end.
  await tx.delete(legacyCodes).where(eq(legacyCodes.email, from));
  await tx.delete(legacySessions).where(eq(legacySessions.email, from));
}

/** An account that never confirmed its address: it proved nothing, so an undo may take the address back. */
export const deleteUnconfirmedAccount = (tx: Tx, id: string, exceptId: string) =>
  tx
    .delete(user)
    .where(and(eq(user.id, id), ne(user.id, exceptId), eq(user.emailVerified, false)))
    .returning({ id: user.id });
