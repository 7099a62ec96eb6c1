import { and, asc, eq, inArray, isNull, lte, sql } from "drizzle-orm";
import type { Tx } from "../db/client.js";
import { timers } from "../db/schema/index.js";
import type { TimerRow } from "./queries.js";

/**
 * The oldest timer due by `now`, locked (FOR UPDATE SKIP LOCKED: several app processes share the
 * work). One owner's timers run in order: a timer waits while an earlier one of its owner is not
 * done (another worker is running it).
 */
export async function selectDueTimerForUpdate(tx: Tx, now: Date): Promise<TimerRow | null> {
  const [timer] = await selectDueTimersForUpdate(tx, now, { limit: 1 });
  return timer ?? null;
}

/**
 * Up to `limit` of the oldest due timers (of `kind`, when given), locked as
 * selectDueTimerForUpdate locks one: at most one of each owner, the owner's earliest undone.
 */
export function selectDueTimersForUpdate(
  tx: Tx,
  now: Date,
  { limit, kind }: { limit: number; kind?: string },
): Promise<TimerRow[]> {
  return tx
    .select()
    .from(timers)
    .where(
      and(
        isNull(timers.doneAt),
        lte(timers.dueAt, now),
        kind ? eq(timers.kind, kind) : undefined,
        sql`not exists (select 1 from timers e where e.user_id = ${timers.userId} and e.done_at is null and (e.due_at, e.id) < (${timers.dueAt}, ${timers.id}))`,
      ),
    )
    .orderBy(asc(timers.dueAt), asc(timers.id))
    .limit(limit)
    .for("update", { skipLocked: true });
}

/**
 * How many timers are due and undone once no other transaction holds any of them: FOR UPDATE
 * without SKIP LOCKED waits for a sweep (of this process or another) that claimed one to commit.
 */
export async function countDueTimersAfterClaims(tx: Tx, now: Date): Promise<number> {
  const rows = await tx
    .select({ id: timers.id })
    .from(timers)
    .where(and(isNull(timers.doneAt), lte(timers.dueAt, now)))
    .for("update");
  return rows.length;
}

export async function markTimerDone(tx: Tx, timer: TimerRow, now: Date) {
  await tx
    .update(timers)
    .set({ doneAt: now, attempts: timer.attempts + 1, lastError: null })
    .where(eq(timers.id, timer.id));
}

/** markTimerDone for several claimed timers at once (a timer its step deleted stays deleted). */
export async function markTimersDone(tx: Tx, ids: number[], now: Date) {
  if (!ids.length) return;
  await tx
    .update(timers)
    .set({ doneAt: now, attempts: sql`${timers.attempts} + 1`, lastError: null })
    .where(inArray(timers.id, ids));
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
