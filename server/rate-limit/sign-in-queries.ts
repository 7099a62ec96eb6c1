import { and, eq, gte, isNull, lt, or, sql } from "drizzle-orm";
import { rowsOf, type Db, type Tx } from "../db/client.js";
import { rateLimits, signInFailures, user } from "../db/schema/index.js";

/** The address+account window (a row of rate_limits) and the account's consecutive failures. */
export type SignInCounters = {
  address: { count: number; windowStart: number };
  account: { failures: number; lastFailureAt: number; burstStartedAt: number };
};
export type SignInKeys = { accountKey: string; addressKey: string };

/** What a reservation changed: the counters before it and those it wrote, so that it can be undone exactly. */
export type SignInReservation = { before: SignInCounters; after: SignInCounters };

/**
 * Reads both counters under row locks, asks `decide` whether this attempt may go ahead and, if it
 * may, writes the counters `decide` returns: the attempt is counted as a failure before the
 * password is checked, so concurrent attempts (any process) each see the ones before them.
 * Short: no password hashing happens inside the transaction, and two statements in it (both
 * counters created if missing, locked and read in one; both written in one). Returns the verdict
 * and, when the counters were written, what was written (for undoSignInAttempt).
 */
export async function reserveSignInAttempt<V>(
  db: Db,
  {
    keys,
    now,
    decide,
  }: {
    keys: SignInKeys;
    now: number;
    decide: (counters: SignInCounters) => { verdict: V; next?: SignInCounters };
  },
): Promise<{ verdict: V; reservation?: SignInReservation }> {
  return db.transaction(async (tx) => {
    const before = await lockOrCreateCounters(tx, keys, now);
    const { verdict, next } = decide(before);
    if (!next) return { verdict };
    await writeCounters(tx, keys, next);
    return { verdict, reservation: { before, after: next } };
  });
}

/**
 * Both counters, created (empty) if missing, locked until the end of the transaction, in one
 * statement: an upsert whose update changes nothing takes the row lock and returns the row as it
 * is. Always the address row first, then the account's (its insert reads the address's result,
 * so it runs only once that row is locked): two attempts never wait on each other in a cycle.
 */
async function lockOrCreateCounters(
  tx: Tx,
  keys: SignInKeys,
  now: number,
): Promise<SignInCounters> {
  const result = await tx.execute(sql`
    with address as (
      insert into ${rateLimits} (key, window_start, count) values (${keys.addressKey}, ${now}, 0)
      on conflict (key) do update set key = excluded.key
      returning count, window_start
    ), account as (
      insert into ${signInFailures} (account_key, failures, last_failure_at, burst_started_at)
      select ${keys.accountKey}, 0, ${now}, ${now} from address
      on conflict (account_key) do update set account_key = excluded.account_key
      returning failures, last_failure_at, burst_started_at
    )
    select address.count, address.window_start, account.failures, account.last_failure_at,
      account.burst_started_at
    from address, account`);
  const [row] = rowsOf<CounterRow>(result);
  if (!row) throw new Error("sign-in counters missing after upsert");
  return {
    address: { count: Number(row.count), windowStart: Number(row.window_start) },
    account: {
      failures: Number(row.failures),
      lastFailureAt: Number(row.last_failure_at),
      burstStartedAt: Number(row.burst_started_at),
    },
  };
}
/** bigint columns come as text from node-postgres. */
type CounterRow = Record<
  "count" | "window_start" | "failures" | "last_failure_at" | "burst_started_at",
  number | string
>;

/** Writes both (already locked) counters in one statement. */
async function writeCounters(tx: Tx, keys: SignInKeys, next: SignInCounters): Promise<void> {
  const { address, account } = next;
  await tx.execute(sql`
    with address as (
      update ${rateLimits} set count = ${address.count}, window_start = ${address.windowStart}
      where key = ${keys.addressKey}
    )
    update ${signInFailures}
    set failures = ${account.failures}, last_failure_at = ${account.lastFailureAt},
      burst_started_at = ${account.burstStartedAt}
    where account_key = ${keys.accountKey}`);
}

/** Both counters, locked until the end of the transaction, in the same order as lockOrCreateCounters. */
async function lockCounters(tx: Tx, keys: SignInKeys): Promise<SignInCounters | null> {
  const [address] = await tx
    .select({ count: rateLimits.count, windowStart: rateLimits.windowStart })
    .from(rateLimits)
    .where(eq(rateLimits.key, keys.addressKey))
    .for("update");
  const [account] = await tx
    .select({
      failures: signInFailures.failures,
      lastFailureAt: signInFailures.lastFailureAt,
      burstStartedAt: signInFailures.burstStartedAt,
    })
    .from(signInFailures)
    .where(eq(signInFailures.accountKey, keys.accountKey))
    .for("update");
  return address && account ? { address, account } : null;
}

const sameAddress = (a: SignInCounters["address"], b: SignInCounters["address"]) =>
  a.count === b.count && a.windowStart === b.windowStart;
const sameAccount = (a: SignInCounters["account"], b: SignInCounters["account"]) =>
  a.failures === b.failures &&
  a.lastFailureAt === b.lastFailureAt &&
  a.burstStartedAt === b.burstStartedAt;

/**
 * The attempt was not a password check after all (bad input, a server error): it no longer counts.
 * A counter nobody has changed since the reservation goes back exactly to what it was (count, window,
 * time of the last failure, burst), so the attempt restarts no wait. One that later attempts changed
 * keeps their times and loses this attempt's count only, in the address's window it was counted in.
 */
export async function undoSignInAttempt(
  db: Db,
  keys: SignInKeys,
  { before, after }: SignInReservation,
): Promise<void> {
  await db.transaction(async (tx) => {
    const now = await lockCounters(tx, keys);
    if (!now) return; // cleared meanwhile (a success): nothing of this attempt is left
    const address = sameAddress(now.address, after.address)
      ? before.address
      : now.address.windowStart === after.address.windowStart
        ? { count: Math.max(now.address.count - 1, 0), windowStart: now.address.windowStart }
        : now.address;
    const account = sameAccount(now.account, after.account)
      ? before.account
      : { ...now.account, failures: Math.max(now.account.failures - 1, 0) };
    await writeCounters(tx, keys, { address, account });
  });
}

/**
 * The right password: the account's consecutive failures, and this address's for the account,
 * start again. One statement (atomic without a transaction). The address row goes first, as in
 * every other writer: the account row's delete depends on the whole result of the address's
 * (a one-time filter on it), so its lock is taken only once the address's is held.
 */
export async function clearSignInAttempts(db: Db, keys: SignInKeys): Promise<void> {
  await db.execute(sql`
    with address as (delete from ${rateLimits} where key = ${keys.addressKey} returning 1)
    delete from ${signInFailures}
    where account_key = ${keys.accountKey} and (select count(*) from address) >= 0`);
}

/** A password reset by e-mail: the account's failures (and a lock after too many) are gone. */
export async function clearSignInFailures(db: Db, accountKey: string): Promise<void> {
  await db.delete(signInFailures).where(eq(signInFailures.accountKey, accountKey));
}

/**
 * Marks the burst as notified if it has had at least `threshold` failures and no notice yet. True
 * for exactly one caller per burst, however many fail at once.
 */
export async function claimBurstNotice(
  db: Db,
  { accountKey, threshold, now }: { accountKey: string; threshold: number; now: number },
): Promise<boolean> {
  const rows = await db
    .update(signInFailures)
    .set({ notifiedAt: now })
    .where(
      and(
        eq(signInFailures.accountKey, accountKey),
        gte(signInFailures.failures, threshold),
        or(
          isNull(signInFailures.notifiedAt),
          lt(signInFailures.notifiedAt, signInFailures.burstStartedAt),
        ),
      ),
    )
    .returning({ accountKey: signInFailures.accountKey });
  return rows.length > 0;
}

/** The stored address of the account with this (normalised) e-mail, or null. */
export async function findAccountEmail(db: Db, email: string): Promise<string | null> {
  const [row] = await db
    .select({ email: user.email })
    .from(user)
    .where(eq(user.email, email))
    .limit(1);
  return row?.email ?? null;
}
