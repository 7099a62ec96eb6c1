import { recordAudit } from "../audit/record.js";
import { asSystem } from "../db/actor.js";
import type { Deps } from "../deps.js";
import { findFirmMailBrand } from "../firms/service.js";
import { newLinkToken } from "../keys/link-token.js";
import { enqueueMails } from "../mail/outbox.js";
import { reminderMail } from "./emails.js";
import { DEFAULT_REMINDER_BODY, DEFAULT_REMINDER_SUBJECT } from "../../common/reminders.js";
import {
  claimDueMonthlyFirms,
  claimMonthlySlots,
  claimRunClients,
  findSettings,
  insertOptOutTokens,
  markRunClientsProcessed,
  selectRecipients,
} from "./queries.js";
import { createRun } from "./service.js";

/** Clients handled per transaction. */
export const REMINDER_BATCH = 500;

/**
 * One batch of any send under way, in one system transaction: its clients are claimed (SKIP
 * LOCKED), each checked again (still the firm's client, plan still incomplete, not opted out),
 * this month's reminder claimed (at most one a month, whichever firm), the e-mails queued with
 * their opt-out tokens, the clients marked done and the send's counts moved on. A crash rolls it
 * all back; the next run takes the same clients again. Returns how many clients it handled.
 */
export async function runReminderBatch(deps: Deps): Promise<number> {
  const handled = await asSystem(deps.db, async (tx) => {
    const rows = await claimRunClients(tx, REMINDER_BATCH);
    const now = deps.clock.now();
    const byRun = new Map<string, typeof rows>();
    for (const r of rows) byRun.set(r.runId, [...(byRun.get(r.runId) ?? []), r]);
    for (const [runId, group] of byRun) {
      const first = group[0];
      if (!first) continue;
      const { firmId } = first;
      const people = await selectRecipients(
        tx,
        group.map((r) => r.clientId),
      );
      const eligible = people.filter(
        (p) => p.role === "regular_user" && p.firmId === firmId && p.score < 100 && !p.isOptedOut,
      );
      const claimed = await claimMonthlySlots(
        tx,
        eligible.map((p) => p.id),
        now,
      );
      const brand = await findFirmMailBrand(tx, firmId, deps.env.APP_URL);
      const settings = await findSettings(tx, firmId);
      const recipients = brand ? eligible.filter((p) => claimed.has(p.id)) : [];
      const tokens = recipients.map((p) => ({ p, ...newLinkToken() }));
      await insertOptOutTokens(
        tx,
        tokens.map(({ p, hash }) => ({ tokenHash: hash, clientId: p.id })),
      );
      if (brand)
        await enqueueMails(
          tx,
          tokens.map(({ p, token }) =>
            reminderMail({
              appUrl: deps.env.APP_URL,
              to: p.email,
              clientName: p.name,
              template: {
                subject: settings?.subject ?? DEFAULT_REMINDER_SUBJECT,
                body: settings?.body ?? DEFAULT_REMINDER_BODY,
              },
              plan: p,
              optOutToken: token,
              brand,
            }),
          ),
        );
      const run = await markRunClientsProcessed(tx, {
        runId,
        clientIds: group.map((r) => r.clientId),
        sent: new Set(recipients.map((p) => p.id)),
        now,
      });
      if (run?.status === "done")
        await recordAudit(tx, {
          actorId: run.startedBy,
          action: "reminders.finished",
          subjectType: "reminder_run",
          subjectId: runId,
          firmId,
          details: { sent: run.sentClients, skipped: run.processedClients - run.sentClients },
        });
    }
    return rows.length;
  });
  if (handled > 0) deps.wakeMailer();
  return handled;
}

const running = new WeakMap<Deps, Promise<number>>();

/**
 * Sends every reminder waiting, batch after batch, and answers how many clients it handled; one
 * run at a time per process (a second call joins the first). Started by "Send reminders" and by
 * the scheduler's sweep, which also finishes what a process that stopped left.
 */
export function runReminders(deps: Deps): Promise<number> {
  const current = running.get(deps);
  if (current) return current;
  const run = (async () => {
    let total = 0;
    for (;;) {
      const n = await runReminderBatch(deps);
      total += n;
      if (n < REMINDER_BATCH) return total;
    }
  })().finally(() => running.delete(deps));
  running.set(deps, run);
  return run;
}

/**
 * The monthly sends that are due: each firm's is claimed once across processes (its next date moved
 * on a month in the claiming statement) and started unless a send of the firm is under way.
 * Returns how many sends it started.
 */
export async function startDueMonthlyRuns(deps: Deps): Promise<number> {
  return asSystem(deps.db, async (tx) => {
    const now = deps.clock.now();
    const firms = await claimDueMonthlyFirms(tx, now);
    let started = 0;
    for (const { firmId } of firms)
      if (await createRun(tx, { firmId, startedBy: null, now })) started += 1;
    return started;
  });
}

/** The scheduler's job: start the monthly sends that are due, then send what is waiting. */
export async function sweepReminders(deps: Deps): Promise<number> {
  await startDueMonthlyRuns(deps);
  return runReminders(deps);
}
