import type { Context, Next } from "hono";
import { AUTH_MSG } from "../../common/auth.js";
import { AppError } from "../errors.js";
import type { AppEnv } from "../http/context.js";
import { accountKey } from "./accounts.js";
import { signInAttemptsMail } from "./emails.js";
import {
  claimBurstNotice,
  clearSignInAttempts,
  findAccountEmail,
  reserveSignInAttempt,
  undoSignInAttempt,
  type SignInKeys,
} from "./sign-in-queries.js";
import { judgeAttempt, SIGN_IN_LOCKOUT as L } from "./sign-in-lockout.js";

/**
 * Password sign-in for `email` (as better-auth will read it from the body): refused while the
 * address or the account must wait, counted as a failure unless it succeeds. The answers are the
 * same whether or not the address has an account; only an account's owner gets the notice.
 */
export async function guardSignIn(c: Context<AppEnv>, next: Next, email: string): Promise<void> {
  const { db, clock, sendMail, env } = c.var.deps;
  const now = clock.now().getTime();
  const account = accountKey(email);
  const keys: SignInKeys = { accountKey: account, addressKey: `sign-in:${c.var.ip}:${account}` };
  const { verdict, reservation } = await reserveSignInAttempt(db, {
    keys,
    now,
    decide: (counters) => judgeAttempt(counters, now),
  });
  if (!verdict.isAllowed) {
    if (verdict.retryAfterSeconds === null)
      throw new AppError("RATE_LIMITED", AUTH_MSG.signInLocked);
    c.header("Retry-After", String(verdict.retryAfterSeconds));
    throw new AppError("RATE_LIMITED");
  }
  await next();
  const { status } = c.res;
  if (status >= 200 && status < 300) return clearSignInAttempts(db, keys);
  if (status !== 401) {
    if (reservation) await undoSignInAttempt(db, keys, reservation);
    return;
  }
  // Looked up whether or not a notice is due, so an unknown address costs the same.
  const owner = await findAccountEmail(db, email);
  if (
    (await claimBurstNotice(db, { accountKey: account, threshold: L.freeFailures, now })) &&
    owner
  )
    await sendMail(signInAttemptsMail(env.APP_URL, owner));
}
