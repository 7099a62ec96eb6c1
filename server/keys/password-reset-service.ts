import { createHash } from "node:crypto";
import { AUTH_MSG } from "../../common/auth.js";
import type { ResetKeysView, ResetPasswordKeysInput } from "../../common/keys.js";
import { recordAudit } from "../audit/record.js";
import { hashPassword } from "../auth/password.js";
import { asSystem } from "../db/actor.js";
import type { Deps } from "../deps.js";
import { AppError } from "../errors.js";
import { clearAccountFailures } from "../rate-limit/sign-in-lockout.js";
import {
  deleteVerification,
  resetAccountKeys,
  selectStoredKeys,
  selectUserEmail,
  selectVerification,
  setPasswordHash,
} from "./owner-keys-queries.js";
import { presentResetKeys } from "./owner-keys-present.js";
import {
  decodeAccountKeys,
  dropEscrowWhenDone,
  refuseCommonPassword,
} from "./owner-keys-service.js";
import { removeAllPasskeys } from "../passkeys/service.js";
import { endSessions } from "../sessions/service.js";

/**
 * Forgot password (docs/decisions/038): better-auth e-mails the link (POST
 * /api/auth/request-password-reset) and stores its token as a verification row; these two routes
 * use that token in its place (better-auth's own /reset-password is off), so that the new
 * password's hash and the browser's new key wraps are stored in one transaction.
 */

/**
 * The identifier better-auth stores for a reset token: "reset-password:<token>", hashed as
 * `verification.storeIdentifier: "hashed"` does (SHA-256, base64url without padding;
 * node_modules/better-auth/dist/db/verification-token-storage.mjs).
 */
export const resetIdentifier = (token: string) =>
  createHash("sha256").update(`reset-password:${token}`).digest("base64url");

const linkInvalid = () => new AppError("VALIDATION", AUTH_MSG.linkInvalid);

/** The wall clock, as better-auth's own expiry of the same rows (not deps.clock, which release tests move). */
const now = () => Date.now();

/** GET /api/vault/reset?token=: what the link opens, without using it up. */
export async function getResetKeys(deps: Deps, token: string): Promise<ResetKeysView> {
  return asSystem(deps.db, async (tx) => {
    // no session here: the link is the proof, as for better-auth's reset
    const row = await selectVerification(tx, resetIdentifier(token));
    if (!row || row.expiresAt.getTime() < now()) throw linkInvalid();
    const stored = await selectStoredKeys(tx, row.value);
    // the escrowed DK only for an account that has not moved over (the contract's ResetKeysView)
    const isEscrowOnly = !!stored?.wrappedKey && !stored.kdfSalt;
    const dataKey =
      isEscrowOnly && stored?.wrappedKey
        ? deps.dataKeys.unwrap(row.value, stored.wrappedKey)
        : null;
    return presentResetKeys(stored, dataKey);
  });
}

/**
 * POST /api/vault/reset: uses the link up, and in one transaction stores the new hash and the
 * browser's wraps (a new DK when `keepsDataKey` is false: the escrowed copy of the old one goes
 * too), and ends every session and removes every passkey. The sign-in lock is lifted (decision 017).
 */
export async function resetPassword(
  deps: Deps,
  { input, ip }: { input: ResetPasswordKeysInput; ip: string },
) {
  refuseCommonPassword(input.newPassword);
  const hash = await hashPassword(input.newPassword); // before the transaction: argon2 takes a while
  const keys = decodeAccountKeys(input.keys);
  const { userId, email } = await asSystem(deps.db, async (tx) => {
    const [row] = await deleteVerification(tx, resetIdentifier(input.token)); // single use: one request gets the rows
    if (!row || row.expiresAt.getTime() < now()) throw linkInvalid();
    const userId = row.value;
    const email = await selectUserEmail(tx, userId);
    if (!email) throw linkInvalid();
    await setPasswordHash(tx, { userId, hash });
    await resetAccountKeys(tx, { userId, keys, keepsDataKey: input.keepsDataKey });
    await endSessions(tx, userId);
    await removeAllPasskeys(tx, userId); // account recovery: every way in goes (decision 056)
    await recordAudit(tx, {
      actorId: userId,
      action: "auth.password_reset",
      subjectType: "user",
      subjectId: userId,
      ip,
      details: { keepsDataKey: input.keepsDataKey },
    });
    return { userId, email };
  });
  await clearAccountFailures(deps.db, email);
  if (input.keepsDataKey) await dropEscrowWhenDone(deps.db, userId);
}
