import { randomBytes } from "node:crypto";
import { AUTH_MSG } from "../../common/auth.js";
import {
  KDF_ITERATIONS,
  KEYS_MSG,
  type AccountKeysInput,
  type FirstAdminKeysInput,
  type ChangePasswordKeysInput,
  type MoveOverKeysInput,
  type RecoveryKeyInput,
  type SignInKdfView,
} from "../../common/keys.js";
import { requireAccess, type ActorProfile } from "../access.js";
import { recordAudit } from "../audit/record.js";
import { requireCurrentPassword } from "../auth/current-password.js";
import { hashPassword, isCommonPassword } from "../auth/password.js";
import { asSystem, withActor } from "../db/actor.js";
import type { Db, Tx } from "../db/client.js";
import type { Deps } from "../deps.js";
import { AppError } from "../errors.js";
import { endSessions } from "../sessions/service.js";
import {
  dropEscrowIfNothingPending,
  insertAccountKeys,
  insertSessionKey,
  moveOverKeys,
  selectKdfByEmail,
  selectRecoveryKitDue,
  selectSessionKey,
  selectStoredKeys,
  setPasswordHash,
  setPasswordWrap,
  setRecoveryWrap,
  type AccountKeys,
} from "./owner-keys-queries.js";
import { presentSignInKdf } from "./owner-keys-present.js";

/**
 * Owner-held data keys (docs/decisions/038): the password-derived and recovery wraps the owner's
 * browser makes, the per-session key, moving over from the escrowed copy, changing the password.
 * The server never sees the password key, the recovery key or (once moved over) the data key.
 */

const SESSION_KEY_BYTES = 32;
const bytes = (base64: string) => Buffer.from(base64, "base64");

const decodePasswordWrap = (keys: FirstAdminKeysInput) => ({
  kdfSalt: bytes(keys.kdf.salt),
  kdfIterations: keys.kdf.iterations,
  passwordWrappedKey: bytes(keys.passwordWrappedKey),
});

export const decodeAccountKeys = (keys: AccountKeysInput): AccountKeys => ({
  ...decodePasswordWrap(keys),
  recoveryWrappedKey: bytes(keys.recoveryWrappedKey),
});

/** The derived sign-in secret is never a common password; a password sent as is may be (decision 038 keeps the check). */
export function refuseCommonPassword(password: string) {
  if (isCommonPassword(password))
    throw new AppError("VALIDATION", AUTH_MSG.commonPassword, {
      newPassword: AUTH_MSG.commonPassword,
    });
}

/**
 * POST /api/kdf: how the browser derives the sign-in secret for this address. An address without
 * an account gets a salt derived from it and the usual cost, so that the answer looks the same.
 */
export async function getSignInKdf(deps: Deps, email: string): Promise<SignInKdfView> {
  const row = await asSystem(deps.db, (tx) => selectKdfByEmail(tx, email)); // before any session: no actor yet
  if (!row) return presentSignInKdf(deps.signInSalt(email), KDF_ITERATIONS);
  return presentSignInKdf(row.kdfSalt, row.kdfIterations);
}

/** GET /api/vault/session-key: the current session's key, made on its first request. */
export async function getSessionKey(deps: Deps, actor: ActorProfile, sessionId: string) {
  requireAccess(actor, "vault:own", { ownerId: actor.id });
  const read = () =>
    withActor(deps.db, { userId: actor.id }, (tx) => selectSessionKey(tx, sessionId));
  let key = await read();
  if (!key) {
    // as the system: lv_app cannot write session keys (migration 0025)
    await asSystem(deps.db, (tx) =>
      insertSessionKey(tx, sessionId, randomBytes(SESSION_KEY_BYTES)),
    );
    key = await read();
  }
  if (!key) throw new AppError("INTERNAL");
  return key;
}

const ownKeys = (deps: Deps, actor: ActorProfile) => {
  requireAccess(actor, "vault:own", { ownerId: actor.id });
  return withActor(deps.db, { userId: actor.id }, (tx) => selectStoredKeys(tx, actor.id));
};

/**
 * Deletes the escrowed copy of a moved-over owner's DK once no item depends on it (decision 032's
 * step 2'). Called after moving over and after the owner's browser wrapped pending items.
 */
export async function dropEscrowWhenDone(db: Db, userId: string): Promise<void> {
  await asSystem(db, (tx) => dropEscrowIfNothingPending(tx, userId)); // lv_app cannot write user_keys
}

/**
 * POST /api/vault/key/move-over: an account that signed in with its password as is stores the
 * hash of its new sign-in secret and its browser's wraps in one transaction; then its escrowed copy
 * goes unless items still depend on it.
 */
export async function moveOver(
  deps: Deps,
  actor: ActorProfile,
  { input, ip }: { input: MoveOverKeysInput; ip: string },
) {
  if ((await ownKeys(deps, actor))?.kdfSalt)
    throw new AppError("CONFLICT", KEYS_MSG.alreadyMovedOver);
  await requireCurrentPassword(deps, actor.id, input.currentPassword);
  const hash = await hashPassword(input.newPassword); // outside the transaction: argon2 takes a while
  const keys = decodeAccountKeys(input.keys);
  await asSystem(deps.db, async (tx) => {
    if ((await moveOverKeys(tx, actor.id, keys)).length === 0)
      throw new AppError("CONFLICT", KEYS_MSG.alreadyMovedOver); // another tab moved over meanwhile
    await setPasswordHash(tx, { userId: actor.id, hash });
    await recordAudit(tx, {
      actorId: actor.id,
      action: "vault.keys_moved_over",
      subjectType: "user",
      subjectId: actor.id,
      ip,
    });
  });
  await dropEscrowWhenDone(deps.db, actor.id);
}

/**
 * Whether the signed-in owner's first recovery kit is still to be made (decision 073), read inside
 * the caller's own transaction (GET /api/me) so that the app need not read the wrapped key for it.
 */
export const isRecoveryKitDue = (tx: Tx, userId: string): Promise<boolean> =>
  selectRecoveryKitDue(tx, userId);

/** PUT /api/vault/key/recovery: a new recovery kit; the old recovery key opens nothing any more. */
export async function replaceRecoveryKey(
  deps: Deps,
  actor: ActorProfile,
  { input, ip }: { input: RecoveryKeyInput; ip: string },
) {
  requireAccess(actor, "vault:own", { ownerId: actor.id });
  await asSystem(deps.db, async (tx) => {
    const isFirstKit = input.isFirstKit === true;
    const kit = { recoveryWrappedKey: bytes(input.recoveryWrappedKey), isFirstKit };
    if ((await setRecoveryWrap(tx, actor.id, kit)).length === 0)
      throw new AppError("CONFLICT", isFirstKit ? KEYS_MSG.kitAlreadyMade : KEYS_MSG.notMovedOver);
    await recordAudit(tx, {
      actorId: actor.id,
      action: "vault.recovery_key_replaced",
      subjectType: "user",
      subjectId: actor.id,
      ip,
    });
  });
}

/**
 * POST /api/vault/key/password: the new sign-in secret's hash and DK's new password wrap in one
 * transaction (nothing is re-encrypted); the user's other sessions end.
 */
export async function changePassword(
  deps: Deps,
  actor: ActorProfile,
  { input, sessionId, ip }: { input: ChangePasswordKeysInput; sessionId: string; ip: string },
) {
  if (!(await ownKeys(deps, actor))?.kdfSalt) throw new AppError("CONFLICT", KEYS_MSG.notMovedOver);
  refuseCommonPassword(input.newPassword);
  await requireCurrentPassword(deps, actor.id, input.currentPassword);
  const hash = await hashPassword(input.newPassword);
  const wrap = {
    kdfSalt: bytes(input.kdf.salt),
    kdfIterations: input.kdf.iterations,
    passwordWrappedKey: bytes(input.passwordWrappedKey),
  };
  await asSystem(deps.db, async (tx) => {
    if ((await setPasswordWrap(tx, actor.id, wrap)).length === 0)
      throw new AppError("CONFLICT", KEYS_MSG.notMovedOver);
    await setPasswordHash(tx, { userId: actor.id, hash });
    await endSessions(tx, actor.id, sessionId);
    await recordAudit(tx, {
      actorId: actor.id,
      action: "auth.password_changed",
      subjectType: "user",
      subjectId: actor.id,
      ip,
    });
  });
}

/**
 * A new account's keys, made by its browser at registration: no escrowed copy. Nothing happens for
 * an id that is no account (better-auth's answer for an address that already had one). A firm's
 * first admin has no recovery wrap yet: its kit is made at its first sign-in (decision 073).
 */
export async function storeNewAccountKeys(deps: Deps, userId: string, keys: FirstAdminKeysInput) {
  const decoded = {
    ...decodePasswordWrap(keys),
    recoveryWrappedKey: keys.recoveryWrappedKey ? bytes(keys.recoveryWrappedKey) : null,
  };
  await asSystem(deps.db, (tx) => insertAccountKeys(tx, userId, decoded)); // lv_app cannot write user_keys
}
