import { and, asc, eq, isNull, lte, sql } from "drizzle-orm";
import type { Tx } from "../db/client.js";
import { timers } from "../db/schema/index.js";
import type { TimerRow } from "./queries.js";

/**
 * The oldest timer due by `now`, locked (FOR UPDATE SKIP LOCKED: several app processes share the
 * work). One owner's timers run in order: a timer waits while an earlier one of its owner is not
 * done (another worker is running it).
 */
export async function selectDueTimerForUpdate(tx: Tx, now: Date): Promise<TimerRow | null> {
  const [timer] = await tx
    .select()
    .from(timers)
    .where(
      and(
        isNull(timers.doneAt),
        lte(timers.dueAt, now),
        sql`not exists (select 1 from timers e where e.user_id = ${timers.userId} and e.done_at is null and (e.due_at, e.id) < (${timers.dueAt}, ${timers.id}))`,
      ),
    )
    .orderBy(asc(timers.dueAt), asc(timers.id))
    .limit(1)
    .for("update", { skipLocked: true });
  return timer ?? null;
}

export async function markTimerDone(tx: Tx, timer: TimerRow, now: Date) {
  await tx
    .update(timers)
    .set({ doneAt: now, attempts: timer.attempts + 1, lastError: null })
    .where(eq(timers.id, timer.id));
}

/** A failed run: the timer is due again at `dueAt`. */
export async function postponeTimer(
  tx: Tx,
  id: number,
  failure: { attempts: number; error: string; dueAt: Date },
) {
  await tx
    .update(timers)
    .set({
      attempts: failure.attempts,
      lastError: failure.error.slice(0, 500),
      dueAt: failure.dueAt,
    })
    .where(eq(timers.id, id));
}
