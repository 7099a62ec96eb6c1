import { createAuthMiddleware, getSessionFromCtx, isAPIError } from "better-auth/api";
import { recordAudit } from "../audit/record.js";
import type { Db } from "../db/client.js";

/**
 * better-auth's `after` hook: a refused e-mailed sign-in code (POST /two-factor/verify-otp) is
 * audited as "auth.code_failed" against the account it was for (the signed-in user enabling
 * codes, or the one whose sign-in challenge the cookie names), with the address and better-auth's
 * reason. Never the code. Each such request passed the route's per-address limit first, which
 * bounds how many a flood can write (docs/decisions/023). `ipHeader` carries the client's address
 * (server/auth/handler.ts sets it from the socket).
 */
export const auditFailedCodes = (db: Db, ipHeader: string) =>
  createAuthMiddleware(async (ctx) => {
    if (ctx.path !== "/two-factor/verify-otp") return;
    const returned: unknown = ctx.context.returned;
    if (!isAPIError(returned)) return;
    const reason = (returned.body as { code?: unknown } | undefined)?.code;
    await recordAudit(db, {
      actorId: await accountOf(ctx),
      action: "auth.code_failed",
      ip: ctx.headers?.get(ipHeader) ?? null,
      details: { reason: typeof reason === "string" ? reason : returned.statusCode },
    });
  });

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
