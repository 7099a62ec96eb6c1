import type { Tx } from "../db/client.js";
import { asSystem } from "../db/actor.js";
import type { Deps } from "../deps.js";
import { describeError } from "../logger.js";
import { newLinkToken } from "../keys/link-token.js";
import { enqueueMail } from "../mail/outbox.js";
import { appendEvidence } from "../release-evidence/service.js";
import { auditRelease } from "./audit.js";
import { accessEndedMail, inactivityReminderMail, waitLastDayMail } from "./emails.js";
import {
  insertLink,
  selectPerson,
  selectPlan,
  selectReleaseForUpdate,
  selectReleasedEmails,
  type TimerRow,
} from "./queries.js";
import { DAY_MS } from "../clock.js";
import { inactivityEndsAt } from "./schedule.js";
import {
  countDueTimersAfterClaims,
  markTimerDone,
  postponeTimer,
  selectDueTimerForUpdate,
} from "./timer-queries.js";
import { newCancelLink } from "./cancel-link.js";
import { ownerFirmBrand, performRelease } from "./steps.js";
import { onEscalationEnd, onInactivityEnd } from "./escalation.js";
import { selectEscalationForUpdate } from "./escalation-queries.js";
import { runDueEscalationEnds } from "./escalation-sweep.js";
import { expireIncapacity, openIncapacity } from "../incapacity/steps.js";

/** What a handler runs on: the due timer, and the release clock's time the run started at. */
type TimerRun = { timer: TimerRow; now: Date };
type Handler = (tx: Tx, deps: Deps, run: TimerRun) => Promise<void>;

const HANDLERS: Record<string, Handler> = {
  async inactivity_reminder(tx, deps, { timer, now }) {
    const [plan, owner] = [
      await selectPlan(tx, timer.userId),
      await selectPerson(tx, timer.userId),
    ];
    const endsAt =
      plan && inactivityEndsAt(plan.lastCheckInAt, plan.inactivityMonths, plan.pausedUntil);
    if (!plan || !owner || !endsAt) return;
    const { token, hash } = newLinkToken();
    // the "I'm still here" link works until well after the period would have ended
    const expiresAt = new Date(endsAt.getTime() + 120 * DAY_MS);
    await insertLink(tx, { tokenHash: hash, userId: owner.id, purpose: "check_in", expiresAt });
    const daysBefore = Number(timer.details?.daysBefore ?? 0);
    await enqueueMail(
      tx,
      inactivityReminderMail(
        deps.env.APP_URL,
        {
          to: owner.email,
          name: owner.name,
          daysBefore,
          endsAt,
          waitDays: plan.waitDays,
          checkIn: { token, expiresAt },
        },
        await ownerFirmBrand(tx, owner, deps.env.APP_URL),
      ),
    );
    await appendEvidence(tx, {
      ownerId: owner.id,
      releaseId: null,
      kind: "reminder_sent",
      at: now,
      actor: { type: "system", via: "inactivity_reminder" },
      data: { daysBefore, inactivityEndsAt: endsAt.toISOString() },
    });
    await auditRelease(tx, {
      ownerId: owner.id,
      action: "release.reminder_sent",
      at: now,
      actorId: null,
      details: { daysBefore },
    });
  },

  async inactivity_end(tx, deps, { timer, now }) {
    const [plan, owner] = [
      await selectPlan(tx, timer.userId, { forUpdate: true }),
      await selectPerson(tx, timer.userId),
    ];
    const endsAt =
      plan && inactivityEndsAt(plan.lastCheckInAt, plan.inactivityMonths, plan.pausedUntil);
    // a check-in since this timer was set would have replaced it; this guards a plan turned off in between
    if (
      !plan ||
      !owner ||
      !endsAt ||
      endsAt.getTime() > now.getTime() ||
      plan.inactivityMonths === null
    )
      return;
    // the verifiers are asked to reach the owner first, when there are any (decision 085)
    await onInactivityEnd(tx, deps, {
      plan: { ...plan, inactivityMonths: plan.inactivityMonths },
      owner,
      now,
    });
  },

  async escalation_end(tx, deps, { timer, now }) {
    const id = typeof timer.details?.id === "string" ? timer.details.id : null;
    const escalation = id ? await selectEscalationForUpdate(tx, id) : null;
    const owner = await selectPerson(tx, timer.userId);
    if (escalation && owner) await onEscalationEnd(tx, deps, { escalation, owner, now });
  },

  // the incapacity scope's own steps (decision 093), on the same sweep: claimed once across processes
  async incapacity_open(tx, deps, { timer, now }) {
    const scopeId = typeof timer.details?.id === "string" ? timer.details.id : null;
    if (scopeId) await openIncapacity(tx, deps.env.APP_URL, { scopeId, now });
  },

  async incapacity_end(tx, _deps, { timer, now }) {
    const scopeId = typeof timer.details?.id === "string" ? timer.details.id : null;
    if (scopeId) await expireIncapacity(tx, { scopeId, now });
  },

  async wait_last_day(tx, deps, { timer, now }) {
    const release = await lockRelease(tx, timer.releaseId);
    const owner = await selectPerson(tx, timer.userId);
    if (!release || release.status !== "waiting" || !owner) return;
    const cancel = await newCancelLink(tx, release);
    await enqueueMail(
      tx,
      waitLastDayMail(
        deps.env.APP_URL,
        { to: owner.email, name: owner.name, releaseAt: release.releaseAt, cancel },
        await ownerFirmBrand(tx, owner, deps.env.APP_URL),
      ),
    );
    await appendEvidence(tx, {
      ownerId: owner.id,
      releaseId: release.id,
      kind: "wait_reminder_sent",
      at: now,
      actor: { type: "system", via: "wait_last_day" },
      data: { releaseAt: release.releaseAt.toISOString() },
    });
    await auditRelease(tx, {
      ownerId: owner.id,
      action: "release.wait_reminder_sent",
      at: now,
      actorId: null,
    });
  },

  async release_due(tx, deps, { timer, now }) {
    const release = await lockRelease(tx, timer.releaseId);
    if (release) await performRelease(tx, deps, { release, now });
  },

  async access_end(tx, deps, { timer, now }) {
    const owner = await selectPerson(tx, timer.userId);
    if (!timer.releaseId || !owner) return;
    const rows = await selectReleasedEmails(tx, timer.releaseId);
    for (const { email } of rows)
      await enqueueMail(tx, accessEndedMail(deps.env.APP_URL, email, owner.name));
    await appendEvidence(tx, {
      ownerId: owner.id,
      releaseId: timer.releaseId,
      kind: "access_ended",
      at: now,
      actor: { type: "system", via: "access_end" },
      data: { beneficiaries: rows.length },
    });
    await auditRelease(tx, {
      ownerId: owner.id,
      action: "release.access_ended",
      at: now,
      actorId: null,
      details: {
        beneficiaries: rows.length,
      },
    });
  },
};

async function lockRelease(tx: Tx, id: string | null) {
  return id ? selectReleaseForUpdate(tx, id) : null;
}

export type RunOptions = {
  /** Tests: called inside a step's transaction after its work, before it commits (throwing there simulates a crash). */
  beforeCommit?: (timer: TimerRow) => void;
  limit?: number;
};

/** Sweeps at once on PostgreSQL (a pool); PGlite has one connection, so one. */
const WORKERS = { pglite: 1, postgres: 4 } as const;

/**
 * Runs every timer that is due by the release clock: ended escalation windows in one set-based
 * batch (runDueEscalationEnds), then the others one transaction per timer: the row is locked
 * (FOR UPDATE SKIP LOCKED, so several app processes, and several workers of one, share the work
 * and each timer is claimed once), the step runs, and the timer is marked done in the same
 * transaction. A step that fails rolls back whole and is retried later.
 */
export async function runDueTimers(deps: Deps, options: RunOptions = {}): Promise<number> {
  const limit = options.limit ?? 500;
  // ended escalation windows first, in one set-based batch (decision 085); the rest one by one
  const batched = await runDueEscalationEnds(deps, { ...options, limit });
  let claimed = batched;
  const worker = async () => {
    let done = 0;
    while (claimed < limit) {
      claimed++;
      if (!(await runOneDueTimer(deps, options))) {
        claimed--;
        break;
      }
      done++;
    }
    return done;
  };
  const workers = Array.from({ length: WORKERS[deps.database.kind] }, worker);
  const done = (await Promise.all(workers)).reduce((a, b) => a + b, batched);
  if (done) deps.wakeMailer();
  return done;
}

/**
 * runDueTimers until nothing due is left or held by another sweep (at most a few rounds): the
 * test clock's answer (POST /dev/clock) comes after every step its advance made due, also those
 * the minute job claimed at the same moment, which runDueTimers alone skips (SKIP LOCKED).
 */
export async function runDueTimersSettled(deps: Deps): Promise<number> {
  let ran = 0;
  for (let round = 0; round < 5; round++) {
    ran += await runDueTimers(deps);
    const now = deps.clock.now();
    if (!(await asSystem(deps.db, (tx) => countDueTimersAfterClaims(tx, now)))) break;
  }
  return ran;
}

/** Claims and runs the oldest due timer; false when none is due (or all due are claimed). */
async function runOneDueTimer(deps: Deps, options: RunOptions): Promise<boolean> {
  const now = deps.clock.now();
  let failed: { id: number; attempts: number; error: string } | null = null;
  const ran = await asSystem(deps.db, async (tx) => {
    const timer = await selectDueTimerForUpdate(tx, now);
    if (!timer) return false;
    try {
      await tx.transaction(async (step) => {
        await (HANDLERS[timer.kind] ?? unknownKind)(step, deps, { timer, now });
        await markTimerDone(step, timer, now);
        options.beforeCommit?.(timer);
      });
    } catch (err) {
      // describeError: never the failed query's parameters (they hold the step's e-mails, links included)
      failed = { id: timer.id, attempts: timer.attempts + 1, error: describeError(err) };
      // the step's savepoint rolled back; push the timer back with backoff (1, 2, 4 ... minutes, at most a day)
      const delayMinutes = Math.min(24 * 60, 2 ** Math.min(timer.attempts, 11));
      await postponeTimer(tx, timer.id, {
        attempts: failed.attempts,
        error: failed.error,
        dueAt: new Date(now.getTime() + delayMinutes * 60_000),
      });
    }
    return true;
  });
  const f = failed as { id: number; attempts: number; error: string } | null;
  if (f) deps.log.warn(`release timer ${f.id} failed (attempt ${f.attempts}): ${f.error}`);
  return ran;
}

async function unknownKind(_tx: Tx, _deps: Deps, { timer }: TimerRun) {
  throw new Error(`unknown timer kind ${timer.kind}`);
}
