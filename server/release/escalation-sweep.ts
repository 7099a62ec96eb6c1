import { asSystem } from "../db/actor.js";
import type { Deps } from "../deps.js";
import { describeError } from "../logger.js";
import {
  selectAnsweredEscalationIds,
  selectEscalationsForUpdate,
  type EscalationRow,
} from "./escalation-queries.js";
import { selectOpenReleases, selectPeople, selectPlans, type TimerRow } from "./queries.js";
import { escalationOutcome, unreachableNeeded } from "./schedule.js";
import { startReleases } from "./start.js";
import { WAIT_REASON } from "./steps.js";
import { markTimersDone, selectDueTimersForUpdate } from "./timer-queries.js";

/** The most ended escalations one batch takes; the rest wait for the next sweep. */
const BATCH_MAX = 1000;

/**
 * The sweep's set-based step for ended escalation windows (decision 085): up to `limit` due
 * `escalation_end` timers are claimed at once (FOR UPDATE SKIP LOCKED, as one step's claim, so
 * processes still share the work and each timer is claimed once) and run in one transaction, in a
 * fixed number of statements. It does exactly what the one-step handler does for the common case,
 * a window that ended with no answer (the wait starts, with its e-mail, evidence, webhook and
 * audit rows), and marks done those with nothing left to do (closed, held, plan turned off). Those
 * with answers, held by "never without a verifier" or whose owner already waits are left undone
 * for the one-step handler. If the batch fails it rolls back whole and every step runs alone.
 * Returns how many timers it marked done.
 */
export async function runDueEscalationEnds(
  deps: Deps,
  options: { limit: number; beforeCommit?: (timer: TimerRow) => void },
): Promise<number> {
  const now = deps.clock.now();
  const limit = Math.min(options.limit, BATCH_MAX);
  if (limit < 1) return 0;
  try {
    return await asSystem(deps.db, async (tx) => {
      const due = await selectDueTimersForUpdate(tx, now, { limit, kind: "escalation_end" });
      if (!due.length) return 0;
      const ids = due.map(escalationIdOf).filter((id): id is string => !!id);
      const escalations = byKey(await selectEscalationsForUpdate(tx, ids), (e) => e.id);
      const owners = byKey(await selectPeople(tx, unique(due.map((t) => t.userId))), (p) => p.id);
      const steps = due.map((timer) => {
        const escalation = escalations.get(escalationIdOf(timer) ?? "");
        const owner = owners.get(timer.userId);
        return { timer, escalation, owner: isLive(escalation) ? owner : undefined };
      });
      const live = steps.filter((s) => s.owner);
      const ownerIds = live.map((s) => s.timer.userId);
      const plans = byKey(await selectPlans(tx, ownerIds, { forUpdate: true }), (p) => p.userId);
      const answered = new Set(
        await selectAnsweredEscalationIds(
          tx,
          live.map((s) => s.escalation?.id ?? ""),
        ),
      );
      const waiting = new Set((await selectOpenReleases(tx, ownerIds)).map((r) => r.userId));
      const starts = [];
      const left = new Set<number>();
      for (const { timer, escalation, owner } of live) {
        const plan = plans.get(timer.userId);
        if (!plan?.inactivityMonths || !owner || !escalation) continue;
        const outcome = escalationOutcome({
          answers: [],
          needed: unreachableNeeded(1, 0),
          isPastEnd: true,
          requireVerifier: plan.requireVerifier,
        });
        if (answered.has(escalation.id) || outcome !== "start_wait" || waiting.has(owner.id)) {
          left.add(timer.id);
          continue;
        }
        starts.push({
          owner,
          trigger: "inactivity" as const,
          waitDays: plan.waitDays,
          now,
          reason: WAIT_REASON.escalationEnded(plan.inactivityMonths),
        });
      }
      await startReleases(tx, deps, starts);
      const done = due.filter((t) => !left.has(t.id));
      await markTimersDone(
        tx,
        done.map((t) => t.id),
        now,
      );
      for (const timer of done) options.beforeCommit?.(timer);
      return done.length;
    });
  } catch (err) {
    // describeError: never the failed query's parameters (they hold the steps' e-mails and links)
    deps.log.warn(`escalation batch failed, each step runs alone: ${describeError(err)}`);
    return 0;
  }
}

const escalationIdOf = (timer: TimerRow) =>
  typeof timer.details?.id === "string" ? timer.details.id : null;

/** An escalation whose window's end still has something to do (as onEscalationEnd checks). */
const isLive = (e: EscalationRow | undefined) => !!e && e.status === "open" && !e.heldAt;

const unique = (xs: string[]) => [...new Set(xs)];

function byKey<T>(rows: T[], key: (row: T) => string) {
  return new Map(rows.map((row) => [key(row), row]));
}
