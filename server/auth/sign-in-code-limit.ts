import { APIError, createAuthMiddleware, getSessionFromCtx } from "better-auth/api";
import { APP_MSG } from "../../common/app.js";
import type { Db } from "../db/client.js";
import { hitAccount } from "../rate-limit/limiter.js";
import { SIGN_IN_CODE_ACCOUNT_LIMIT } from "../rate-limit/rules.js";

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/** better-auth's two-factor challenge cookie (plugins/two-factor/constant: TWO_FACTOR_COOKIE_NAME). */
const TWO_FACTOR_COOKIE = "two_factor";

/**
 * The account a send-otp request would e-mail, found as the plugin finds it: the session's user,
 * else the user of the sign-in challenge in the signed cookie, expired or not (the plugin's
 * verifyTwoFactor does not check the row's expiry, so until housekeeping deletes it, it still
 * mails a code). Null: the plugin answers 401 itself.
 */
export async function codeRecipient(ctx: HookContext): Promise<string | null> {
  const session = await getSessionFromCtx(ctx).catch(() => null);
  if (session) return session.user.id;
  const cookie = ctx.context.createAuthCookie(TWO_FACTOR_COOKIE);
  const challenge = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
  if (!challenge) return null;
  const row = await ctx.context.internalAdapter.findVerificationValue(challenge);
  return row?.value ?? null;
}

/**
 * At most SIGN_IN_CODE_ACCOUNT_LIMIT e-mailed codes per account an hour, whatever the address
 * (per address: rules.ts). Over it: 429 with Retry-After, and no code is made or sent.
 */
export async function limitSignInCodes(ctx: HookContext, db: Db): Promise<void> {
  const userId = await codeRecipient(ctx);
  if (!userId) return;
  const wait = await hitAccount(db, {
    name: "sign-in-code",
    userId,
    limit: SIGN_IN_CODE_ACCOUNT_LIMIT,
  });
  if (wait > 0)
    throw new APIError(
      "TOO_MANY_REQUESTS",
      { message: APP_MSG.tooManyRequests, code: "RATE_LIMITED" },
      { "Retry-After": String(wait) },
    );
}
