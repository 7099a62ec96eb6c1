import { gt, isNull, or, sql } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { mailOutbox, timers } from "../db/schema/index.js";

/**
 * The outbox as an operator watches it: messages still to go out (not expired), those of them
 * that failed at least once, how long the oldest has waited, and those given up after the last try.
 */
export async function countOutbox(db: Db) {
  const isLive = or(isNull(mailOutbox.expiresAt), gt(mailOutbox.expiresAt, sql`now()`));
  const [row] = await db
    .select({
      pending:
        sql<number>`count(*) filter (where ${mailOutbox.status} = 'pending' and ${isLive})`.mapWith(
          Number,
        ),
      retrying:
        sql<number>`count(*) filter (where ${mailOutbox.status} = 'pending' and ${isLive} and ${mailOutbox.attempts} > 0)`.mapWith(
          Number,
        ),
      failed: sql<number>`count(*) filter (where ${mailOutbox.status} = 'failed')`.mapWith(Number),
      oldestPendingSeconds:
        sql<number>`coalesce(extract(epoch from now() - min(${mailOutbox.createdAt}) filter (where ${mailOutbox.status} = 'pending' and ${isLive})), 0)`.mapWith(
          Number,
        ),
    })
    .from(mailOutbox);
  return row ?? { pending: 0, retrying: 0, failed: 0, oldestPendingSeconds: 0 };
}

/** Release timers not yet done: those due by the release clock, and those whose step failed at least once (they wait for their retry). */
export async function countTimers(db: Db, now: Date) {
  const [row] = await db
    .select({
      due: sql<number>`count(*) filter (where ${timers.dueAt} <= ${now})`.mapWith(Number),
      failing: sql<number>`count(*) filter (where ${timers.attempts} > 0)`.mapWith(Number),
    })
    .from(timers)
    .where(isNull(timers.doneAt));
  return row ?? { due: 0, failing: 0 };
}
