import { randomUUID } from "node:crypto";
import { and, desc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import type { Tx } from "../db/client.js";
import {
  account,
  assetBeneficiaries,
  beneficiaryKeys,
  sessionVaultKeys,
  user,
  userKeys,
  verification,
} from "../db/schema/index.js";

/**
 * Owner-held data keys (docs/decisions/038). Reads of the owner's own rows run under withActor
 * (row-level security shows lv_app its own user_keys row and its own sessions' keys); every write
 * runs as the system (lv_app has no write grant on user_keys or session_vault_keys), as do the
 * reads that come before a session exists (the sign-in salt, a reset link).
 */

/** What the browser's keys need of user_keys. */
export type StoredKeys = {
  wrappedKey: Buffer | null;
  kdfSalt: Buffer | null;
  kdfIterations: number | null;
  passwordWrappedKey: Buffer | null;
  recoveryWrappedKey: Buffer | null;
};
const STORED_KEYS = {
  wrappedKey: userKeys.wrappedKey,
  kdfSalt: userKeys.kdfSalt,
  kdfIterations: userKeys.kdfIterations,
  passwordWrappedKey: userKeys.passwordWrappedKey,
  recoveryWrappedKey: userKeys.recoveryWrappedKey,
};

export const selectStoredKeys = (tx: Tx, userId: string): Promise<StoredKeys | null> =>
  tx
    .select(STORED_KEYS)
    .from(userKeys)
    .where(eq(userKeys.userId, userId))
    .limit(1)
    .then((r) => r[0] ?? null);

/**
 * Whether this owner's keys are their own (a KDF is set) and have no recovery wrap yet: the first
 * kit of an administrator made at /firm-register (decision 073). Under withActor: their row only.
 */
export const selectRecoveryKitDue = (tx: Tx, userId: string): Promise<boolean> =>
  tx
    .select({
      isDue: sql<boolean>`${userKeys.kdfSalt} is not null and ${userKeys.recoveryWrappedKey} is null`,
    })
    .from(userKeys)
    .where(eq(userKeys.userId, userId))
    .limit(1)
    .then((r) => r[0]?.isDue === true);

/** The account with this (normalised) address, and its salt and cost if it has moved over. As the system. */
export const selectKdfByEmail = (tx: Tx, email: string) =>
  tx
    .select({ userId: user.id, kdfSalt: userKeys.kdfSalt, kdfIterations: userKeys.kdfIterations })
    .from(user)
    .leftJoin(userKeys, eq(userKeys.userId, user.id))
    .where(eq(user.email, email))
    .limit(1)
    .then((r) => r[0] ?? null);

/* ---------- the password hash (better-auth's credential account) ---------- */

const credential = (userId: string) =>
  and(eq(account.userId, userId), eq(account.providerId, "credential"));

/** Replaces the account's password hash; creates the credential account if it has none (as better-auth's reset does). */
export async function setPasswordHash(tx: Tx, { userId, hash }: { userId: string; hash: string }) {
  const updated = await tx
    .update(account)
    .set({ password: hash, updatedAt: new Date() })
    .where(credential(userId))
    .returning({ id: account.id });
  if (updated.length > 0) return;
  await tx.insert(account).values({
    id: randomUUID(),
    accountId: userId,
    providerId: "credential",
    userId,
    password: hash,
  });
}

/* ---------- user_keys writes (as the system) ---------- */

export type PasswordWrap = { kdfSalt: Buffer; kdfIterations: number; passwordWrappedKey: Buffer };
export type AccountKeys = PasswordWrap & { recoveryWrappedKey: Buffer };

/** A new account's keys, made in its browser: no escrowed copy (a firm's first admin: no recovery wrap yet). Nothing for an id with no account (better-auth's answer for a taken address). */
export const insertAccountKeys = (
  tx: Tx,
  userId: string,
  keys: PasswordWrap & { recoveryWrappedKey: Buffer | null },
) =>
  tx.execute(sql`
    insert into ${userKeys} (user_id, kdf_salt, kdf_iterations, password_wrapped_key, recovery_wrapped_key)
    select ${userId}, ${keys.kdfSalt}, ${keys.kdfIterations}, ${keys.passwordWrappedKey}, ${keys.recoveryWrappedKey}
    where exists (select 1 from ${user} where id = ${userId})
    on conflict (user_id) do nothing`);

/**
 * Moving over: the browser's wraps join the escrowed copy, only for an account that has not moved
 * over (a row without a salt, or no row yet). The user ids it changed: none means it had moved over.
 */
export const moveOverKeys = (tx: Tx, userId: string, keys: AccountKeys) =>
  tx
    .insert(userKeys)
    .values({ userId, ...keys })
    .onConflictDoUpdate({
      target: userKeys.userId,
      set: { ...keys },
      setWhere: isNull(userKeys.kdfSalt),
    })
    .returning({ userId: userKeys.userId });

/** A new password: its salt, cost and wrap; only for an account that has moved over. */
export const setPasswordWrap = (tx: Tx, userId: string, wrap: PasswordWrap) =>
  tx
    .update(userKeys)
    .set(wrap)
    .where(and(eq(userKeys.userId, userId), isNotNull(userKeys.kdfSalt)))
    .returning({ userId: userKeys.userId });

/** A new recovery kit; only for an account that has moved over (and, for a first kit, has none). */
export const setRecoveryWrap = (
  tx: Tx,
  userId: string,
  kit: { recoveryWrappedKey: Buffer; isFirstKit: boolean },
) =>
  tx
    .update(userKeys)
    .set({ recoveryWrappedKey: kit.recoveryWrappedKey })
    .where(
      and(
        eq(userKeys.userId, userId),
        isNotNull(userKeys.passwordWrappedKey),
        kit.isFirstKit ? isNull(userKeys.recoveryWrappedKey) : undefined,
      ),
    )
    .returning({ userId: userKeys.userId });

/**
 * A password reset: the browser's new wraps. `keepsDataKey` false means a new DK: the escrowed
 * copy (of the old DK) goes too.
 */
export const resetAccountKeys = (
  tx: Tx,
  { userId, keys, keepsDataKey }: { userId: string; keys: AccountKeys; keepsDataKey: boolean },
) =>
  tx
    .insert(userKeys)
    .values({ userId, ...keys })
    .onConflictDoUpdate({
      target: userKeys.userId,
      set: keepsDataKey ? { ...keys } : { ...keys, wrappedKey: null },
    });

/**
 * Deletes the escrowed copy of a moved-over owner's DK when no item of theirs still depends on it:
 * an item that names a beneficiary but has no wrap for that address's current key (the pending
 * list of beneficiary-queries.ts, decision 032's step 2'). One statement. True if it was deleted.
 */
export const dropEscrowIfNothingPending = (tx: Tx, userId: string) =>
  tx
    .update(userKeys)
    .set({ wrappedKey: null })
    .where(
      and(
        eq(userKeys.userId, userId),
        isNotNull(userKeys.wrappedKey),
        isNotNull(userKeys.passwordWrappedKey),
        sql`not exists (
          select 1 from ${assetBeneficiaries} b left join ${beneficiaryKeys} k on k.id = b.beneficiary_key_id
          where b.user_id = ${userId}
            and (b.wrapped_key is null or k.id is null or k.email <> b.email))`,
      ),
    )
    .returning({ userId: userKeys.userId })
    .then((r) => r.length > 0);

/* ---------- sessions ---------- */

/** Under withActor: the key of one of the actor's own sessions. */
export const selectSessionKey = (tx: Tx, sessionId: string) =>
  tx
    .select({ key: sessionVaultKeys.key })
    .from(sessionVaultKeys)
    .where(eq(sessionVaultKeys.sessionId, sessionId))
    .limit(1)
    .then((r) => r[0]?.key ?? null);

/** As the system; a key that exists is kept (a concurrent first request may win: both read its key). */
export const insertSessionKey = (tx: Tx, sessionId: string, key: Buffer) =>
  tx.insert(sessionVaultKeys).values({ sessionId, key }).onConflictDoNothing();

export const selectUserEmail = (tx: Tx, userId: string) =>
  tx
    .select({ email: user.email })
    .from(user)
    .where(eq(user.id, userId))
    .limit(1)
    .then((r) => r[0]?.email ?? null);

/* ---------- password reset links (better-auth's verification rows) ---------- */

/** The newest row for a stored identifier (better-auth's findVerificationValue): the user id and expiry. */
export const selectVerification = (tx: Tx, identifier: string) =>
  tx
    .select({ value: verification.value, expiresAt: verification.expiresAt })
    .from(verification)
    .where(eq(verification.identifier, identifier))
    .orderBy(desc(verification.createdAt))
    .limit(1)
    .then((r) => r[0] ?? null);

/**
 * Consumes every row of the identifier (better-auth's consumeVerificationValue): of two requests
 * at once, only one gets rows back. The newest first.
 */
export const deleteVerification = (tx: Tx, identifier: string) =>
  tx
    .delete(verification)
    .where(eq(verification.identifier, identifier))
    .returning({
      value: verification.value,
      expiresAt: verification.expiresAt,
      createdAt: verification.createdAt,
    })
    .then((rows) => rows.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime()));
