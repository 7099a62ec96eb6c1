import { createAuthMiddleware, getSessionFromCtx, isAPIError } from "better-auth/api";
import { recordAudit } from "../audit/record.js";
import type { Db } from "../db/client.js";

/** The routes that check a second-factor code: e-mailed, authenticator app, recovery code (decision 052). */
const FACTOR_OF: Record<string, string> = {
  "/two-factor/verify-otp": "email",
  "/two-factor/verify-totp": "authenticator",
  "/two-factor/verify-backup-code": "recovery_code",
};

/**
 * Part of better-auth's `after` hook: a refused second-factor code (an e-mailed code, an
 * authenticator's code or a recovery code) is audited as "auth.code_failed" against the account it was for (the signed-in user enabling
 * codes, or the one whose sign-in challenge the cookie names), with the address and better-auth's
 * reason. Never the code. Each such request passed the route's per-address limit first, which
 * bounds how many a flood can write (docs/decisions/023). `ipHeader` carries the client's address
 * (server/auth/handler.ts sets it from the socket).
 */
export async function auditFailedCodes(
  ctx: HookContext,
  { db, ipHeader }: { db: Db; ipHeader: string },
): Promise<void> {
  const factor = FACTOR_OF[ctx.path];
  if (!factor) return;
  const returned: unknown = ctx.context.returned;
  if (!isAPIError(returned)) return;
  const reason = (returned.body as { code?: unknown } | undefined)?.code;
  if (reason === "NOT_FOUND") return; // guardSignInFactors: not a code that was checked
  const account = await accountOf(ctx);
  await recordAudit(db, {
    actorId: account,
    action: "auth.code_failed",
    ownerId: account,
    ip: ctx.headers?.get(ipHeader) ?? null,
    details: { reason: typeof reason === "string" ? reason : returned.statusCode, factor },
  });
}

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/** The account a code was checked for, or null once its challenge is gone. */
async function accountOf(ctx: HookContext): Promise<string | null> {
  const session = await getSessionFromCtx(ctx).catch(() => null);
  if (session) return session.user.id;
  const cookie = ctx.context.createAuthCookie("two_factor");
  const challenge = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
  if (!challenge) return null;
  const verification = await ctx.context.internalAdapter.findVerificationValue(challenge);
  return verification?.value ?? null;
}
