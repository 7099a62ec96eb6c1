import { and, asc, eq, isNull, lte } from "drizzle-orm";
import type { Tx } from "../db/client.js";
import { timers } from "../db/schema/index.js";
import type { TimerRow } from "./queries.js";

/** The oldest timer due by `now`, locked (FOR UPDATE SKIP LOCKED: several app processes share the work). */
export async function selectDueTimerForUpdate(tx: Tx, now: Date): Promise<TimerRow | null> {
  const [timer] = await tx
    .select()
    .from(timers)
    .where(and(isNull(timers.doneAt), lte(timers.dueAt, now)))
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
