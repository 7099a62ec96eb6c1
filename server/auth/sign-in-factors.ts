import { randomInt } from "node:crypto";
import { APIError, createAuthMiddleware, getSessionFromCtx, isAPIError } from "better-auth/api";
import { symmetricDecrypt } from "better-auth/crypto";
import { AUTH_MSG } from "../../common/auth.js";
import {
  AUTHENTICATOR_PERIOD_SECONDS,
  RECOVERY_CODE_ALPHABET,
  RECOVERY_CODE_COUNT,
  RECOVERY_CODE_GROUP,
  TWO_FACTOR_MSG,
} from "../../common/two-factor.js";
import { recordAudit } from "../audit/record.js";
import type { Db } from "../db/client.js";
import type { Mail } from "../mail/templates.js";
import { recoveryCodeUsedMail } from "./emails.js";
import { codeRecipient } from "./sign-in-code-limit.js";

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/** The second-step routes that take an authenticator's code or a recovery code. */
const FACTOR_PATHS = new Set(["/two-factor/verify-totp", "/two-factor/verify-backup-code"]);

/**
 * Ten recovery codes of RECOVERY_CODE_ALPHABET (31 symbols, 10 each: about 49.5 bits), drawn
 * with crypto.randomInt, as "7KQ2M-XH9PA" (decision 052).
 */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const symbols = Array.from(
      { length: RECOVERY_CODE_GROUP * 2 },
      () => RECOVERY_CODE_ALPHABET[randomInt(RECOVERY_CODE_ALPHABET.length)],
    ).join("");
    return `${symbols.slice(0, RECOVERY_CODE_GROUP)}-${symbols.slice(RECOVERY_CODE_GROUP)}`;
  });
}

/**
 * better-auth's `before` hook: over HTTP, verify-totp and verify-backup-code are the sign-in's
 * second step and nothing else. With a session they would confirm an authenticator or use up a
 * recovery code without the profile's routes (server/two-factor/), which audit and mail: 404, as
 * for any path the app does not serve. The profile's routes call them through auth.api (no request).
 */
export async function guardSignInFactors(ctx: HookContext): Promise<void> {
  if (ctx.path === "/two-factor/disable") return keepFallback(ctx);
  if (ctx.path === "/two-factor/verify-totp") await refuseUsedTotp(ctx);
  if (!FACTOR_PATHS.has(ctx.path) || !ctx.request) return;
  const session = await getSessionFromCtx(ctx).catch(() => null);
  if (session) throw new APIError("NOT_FOUND", { message: "Not found", code: "NOT_FOUND" });
}

/**
 * The e-mailed code is an authenticator's fallback: turning it off (better-auth's disable, which
 * would also delete the authenticator without an audit row or a notice) waits until the app is
 * removed through DELETE /api/two-factor/authenticator.
 */
async function keepFallback(ctx: HookContext): Promise<void> {
  const session = await getSessionFromCtx(ctx).catch(() => null);
  if (!session) return; // the plugin answers 401 itself
  const row = await ctx.context.adapter.findOne<{ verified: boolean | null }>({
    model: "twoFactor",
    where: [{ field: "userId", value: session.user.id }],
  });
  if (row?.verified)
    throw new APIError("BAD_REQUEST", {
      message: TWO_FACTOR_MSG.removeAuthenticatorFirst,
      code: "AUTHENTICATOR_FIRST",
    });
}

/**
 * better-auth's `after` hook: a sign-in with a recovery code is written to the activity timeline
 * and told to the account's address, with the number of codes left (decision 052).
 */
export async function noticeRecoveryCodeUse(
  ctx: HookContext,
  deps: { db: Db; sendMail: (mail: Mail) => Promise<void>; ipHeader: string },
): Promise<void> {
  if (ctx.path !== "/two-factor/verify-backup-code" || !ctx.request) return;
  if (isAPIError(ctx.context.returned)) return;
  const user = ctx.context.newSession?.user;
  if (!user) return;
  const left = await recoveryCodesLeft(ctx, user.id);
  await recordAudit(deps.db, {
    actorId: user.id,
    action: "auth.recovery_code_used",
    ownerId: user.id,
    ip: ctx.headers?.get(deps.ipHeader) ?? null,
    details: { left },
  });
  await deps.sendMail(recoveryCodeUsedMail({ to: user.email, left }));
}

/** How many of the account's recovery codes are unused (they are stored encrypted under the auth secret). */
async function recoveryCodesLeft(ctx: HookContext, userId: string): Promise<number> {
  const row = await ctx.context.adapter.findOne<{ backupCodes: string }>({
    model: "twoFactor",
    where: [{ field: "userId", value: userId }],
  });
  if (!row) return 0;
  const codes: unknown = JSON.parse(
    await symmetricDecrypt({ key: ctx.context.secretConfig, data: row.backupCodes }),
  );
  return Array.isArray(codes) ? codes.length : 0;
}

/** How long a used authenticator code is remembered: the verify window (one step either side) and the step itself. */
const USED_TOTP_SECONDS = 3 * AUTHENTICATOR_PERIOD_SECONDS;
const usedTotpKey = (userId: string, code: string) => `totp-used-${userId}-${code}`;

/**
 * An authenticator code signs in or confirms once (RFC 6238 §5.2): better-auth accepts the same
 * code again within its window, so a code seen over a shoulder would work twice. The key is stored
 * hashed, as every verification identifier (`storeIdentifier: "hashed"`).
 */
async function refuseUsedTotp(ctx: HookContext): Promise<void> {
  const code = (ctx.body as { code?: unknown } | undefined)?.code;
  if (typeof code !== "string") return;
  const userId = await codeRecipient(ctx);
  if (!userId) return;
  const used = await ctx.context.internalAdapter.findVerificationValue(usedTotpKey(userId, code));
  if (used && new Date(used.expiresAt) > new Date())
    throw new APIError("UNAUTHORIZED", { message: AUTH_MSG.mfaInvalid, code: "INVALID_CODE" });
}

/** Part of better-auth's `after` hook: remembers an authenticator code that was just accepted. */
export async function rememberUsedTotp(ctx: HookContext): Promise<void> {
  if (ctx.path !== "/two-factor/verify-totp" || isAPIError(ctx.context.returned)) return;
  const code = (ctx.body as { code?: unknown } | undefined)?.code;
  const userId =
    ctx.context.newSession?.user.id ?? (await getSessionFromCtx(ctx).catch(() => null))?.user.id;
  if (typeof code !== "string" || !userId) return;
  await ctx.context.internalAdapter.createVerificationValue({
    identifier: usedTotpKey(userId, code),
    value: userId,
    expiresAt: new Date(Date.now() + USED_TOTP_SECONDS * 1000),
  });
}
