import type { Db } from "../db/client.js";
import { accountKey } from "./accounts.js";
import { clearSignInFailures, type SignInCounters } from "./sign-in-queries.js";

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
export function judgeAttempt(
  { address, account }: SignInCounters,
  now: number,
): { verdict: Verdict; next?: SignInCounters } {
  if (account.failures >= L.maxConsecutiveFailures)
    return { verdict: { isAllowed: false, retryAfterSeconds: null } };
  const windowEnd = address.windowStart + L.addressWindowSeconds * 1000;
  const isWindowOpen = windowEnd > now;
  const addressWait = isWindowOpen && address.count >= L.addressMaxFailures ? windowEnd - now : 0;
  const accountWait = account.lastFailureAt + delayAfter(account.failures) * 1000 - now;
  const wait = Math.max(addressWait, accountWait);
  if (wait > 0) return { verdict: { isAllowed: false, retryAfterSeconds: Math.ceil(wait / 1000) } };
  const isNewBurst =
    account.failures === 0 || now - account.lastFailureAt >= L.burstGapSeconds * 1000;
  return {
    verdict: { isAllowed: true },
    next: {
      address: isWindowOpen
        ? { count: address.count + 1, windowStart: address.windowStart }
        : { count: 1, windowStart: now },
      account: {
        failures: account.failures + 1,
        lastFailureAt: now,
        burstStartedAt: isNewBurst ? now : account.burstStartedAt,
      },
    },
  };
}

/**
 * The account's failures (and a lock after too many) are gone: a new account at an address that
 * was tried before, a password reset by e-mail, an undone e-mail change (decision 017).
 */
export async function clearAccountFailures(db: Db, email: string): Promise<void> {
  await clearSignInFailures(db, accountKey(email));
}
