import type { Context, Next } from "hono";
import { AUTH_MSG } from "../../common/auth.js";
import { signInAttemptsMail } from "../auth/emails.js";
import { AppError } from "../errors.js";
import type { AppEnv } from "../http/context.js";
import { accountKey } from "./accounts.js";
import {
  claimBurstNotice,
  clearSignInAttempts,
  findAccountEmail,
  reserveSignInAttempt,
  undoSignInAttempt,
  type SignInCounters,
  type SignInKeys,
} from "./sign-in-queries.js";

/** The numbers of docs/decisions/017-sign-in-lockout.md. */
export const SIGN_IN_LOCKOUT = {
  /** One address, one account: this many failures in the window, then that address waits out the window. */
  addressMaxFailures: 5,
  addressWindowSeconds: 15 * 60,
  /** Account-wide: this many consecutive failures go without delay... */
  freeFailures: 5,
  /** ...then each further attempt waits this long after the last failure, doubling with each failure... */
  firstDelaySeconds: 5,
  /** ...up to this. */
  maxDelaySeconds: 15 * 60,
  /** NIST SP 800-63B 5.2.2: after this many consecutive failures, no password sign-in until a reset by e-mail. */
  maxConsecutiveFailures: 100,
  /** Failures more than this apart are two bursts (two notices). More than maxDelaySeconds: a steady attack is one burst. */
  burstGapSeconds: 60 * 60,
} as const;

const L = SIGN_IN_LOCKOUT;

/** The wait, in seconds, after `failures` consecutive failures: none for the first few, then doubling up to the cap. */
export function delayAfter(failures: number): number {
  if (failures < L.freeFailures) return 0;
  return Math.min(L.maxDelaySeconds, L.firstDelaySeconds * 2 ** (failures - L.freeFailures));
}

type Verdict = { isAllowed: true } | { isAllowed: false; retryAfterSeconds: number | null };

/** Whether an attempt may go ahead now and, if so, the counters with it counted as a failure. */
export function judgeAttempt({ address, account }: SignInCounters, now: number): { verdict: Verdict; next?: SignInCounters } {
  if (account.failures >= L.maxConsecutiveFailures) return { verdict: { isAllowed: false, retryAfterSeconds: null } };
  const windowEnd = address.windowStart + L.addressWindowSeconds * 1000;
  const isWindowOpen = windowEnd > now;
  const addressWait = isWindowOpen && address.count >= L.addressMaxFailures ? windowEnd - now : 0;
  const accountWait = account.lastFailureAt + delayAfter(account.failures) * 1000 - now;
  const wait = Math.max(addressWait, accountWait);
  if (wait > 0) return { verdict: { isAllowed: false, retryAfterSeconds: Math.ceil(wait / 1000) } };
  const isNewBurst = account.failures === 0 || now - account.lastFailureAt >= L.burstGapSeconds * 1000;
  return {
    verdict: { isAllowed: true },
    next: {
      address: isWindowOpen ? { count: address.count + 1, windowStart: address.windowStart } : { count: 1, windowStart: now },
      account: { failures: account.failures + 1, lastFailureAt: now, burstStartedAt: isNewBurst ? now : account.burstStartedAt },
    },
  };
}

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
  const { verdict, reservation } = await reserveSignInAttempt(db, keys, now, (counters) => judgeAttempt(counters, now));
  if (!verdict.isAllowed) {
    if (verdict.retryAfterSeconds === null) throw new AppError("RATE_LIMITED", AUTH_MSG.signInLocked);
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
  if ((await claimBurstNotice(db, { accountKey: account, threshold: L.freeFailures, now })) && owner) await sendMail(signInAttemptsMail(env.APP_URL, owner));
}
