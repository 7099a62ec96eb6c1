import { and, eq, gte, isNull, lt, or, sql } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { rateLimits, signInFailures, user } from "../db/schema.js";

/** The address+account window (a row of rate_limits) and the account's consecutive failures. */
export type SignInCounters = {
  address: { count: number; windowStart: number };
  account: { failures: number; lastFailureAt: number; burstStartedAt: number };
};
export type SignInKeys = { accountKey: string; addressKey: string };

/**
 * Reads both counters under row locks, asks `decide` whether this attempt may go ahead and, if it
 * may, writes the counters `decide` returns: the attempt is counted as a failure before the
 * password is checked, so concurrent attempts (any process) each see the ones before them.
 * Short: no password hashing happens inside the transaction.
 */
export async function reserveSignInAttempt<V>(
  db: Db,
  keys: SignInKeys,
  now: number,
  decide: (counters: SignInCounters) => { verdict: V; next?: SignInCounters },
): Promise<V> {
  return db.transaction(async (tx) => {
    await tx.insert(rateLimits).values({ key: keys.addressKey, windowStart: now, count: 0 }).onConflictDoNothing();
    await tx.insert(signInFailures).values({ accountKey: keys.accountKey, failures: 0, lastFailureAt: now, burstStartedAt: now }).onConflictDoNothing();
    // Always the address row first, then the account's: two attempts never wait on each other in a cycle.
    const [address] = await tx
      .select({ count: rateLimits.count, windowStart: rateLimits.windowStart })
      .from(rateLimits)
      .where(eq(rateLimits.key, keys.addressKey))
      .for("update");
    const [account] = await tx
      .select({ failures: signInFailures.failures, lastFailureAt: signInFailures.lastFailureAt, burstStartedAt: signInFailures.burstStartedAt })
      .from(signInFailures)
      .where(eq(signInFailures.accountKey, keys.accountKey))
      .for("update");
    if (!address || !account) throw new Error("sign-in counters missing after insert");
    const { verdict, next } = decide({ address, account });
    if (next) {
      await tx.update(rateLimits).set(next.address).where(eq(rateLimits.key, keys.addressKey));
      await tx.update(signInFailures).set(next.account).where(eq(signInFailures.accountKey, keys.accountKey));
    }
    return verdict;
  });
}

/** The attempt was not a password check after all (bad input, a server error): it no longer counts. */
export async function undoSignInAttempt(db: Db, keys: SignInKeys): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(rateLimits)
      .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
      .where(eq(rateLimits.key, keys.addressKey));
    await tx
      .update(signInFailures)
      .set({ failures: sql`greatest(${signInFailures.failures} - 1, 0)` })
      .where(eq(signInFailures.accountKey, keys.accountKey));
  });
}

/** The right password: the account's consecutive failures, and this address's for the account, start again. */
export async function clearSignInAttempts(db: Db, keys: SignInKeys): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(rateLimits).where(eq(rateLimits.key, keys.addressKey));
    await tx.delete(signInFailures).where(eq(signInFailures.accountKey, keys.accountKey));
  });
}

/** A password reset by e-mail: the account's failures (and a lock after too many) are gone. */
export async function clearSignInFailures(db: Db, accountKey: string): Promise<void> {
  await db.delete(signInFailures).where(eq(signInFailures.accountKey, accountKey));
}

/**
 * Marks the burst as notified if it has had at least `threshold` failures and no notice yet. True
 * for exactly one caller per burst, however many fail at once.
 */
export async function claimBurstNotice(db: Db, accountKey: string, threshold: number, now: number): Promise<boolean> {
  const rows = await db
    .update(signInFailures)
    .set({ notifiedAt: now })
    .where(
      and(
        eq(signInFailures.accountKey, accountKey),
        gte(signInFailures.failures, threshold),
        or(isNull(signInFailures.notifiedAt), lt(signInFailures.notifiedAt, signInFailures.burstStartedAt)),
      ),
    )
    .returning({ accountKey: signInFailures.accountKey });
  return rows.length > 0;
}

/** The stored address of the account with this (normalised) e-mail, or null. */
export async function findAccountEmail(db: Db, email: string): Promise<string | null> {
  const [row] = await db.select({ email: user.email }).from(user).where(eq(user.email, email)).limit(1);
  return row?.email ?? null;
}
