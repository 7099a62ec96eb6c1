import { and, asc, desc, eq, inArray, isNull, lte, sql } from "drizzle-orm";
import { rowsOf, type Tx } from "../db/client.js";
import {
  clientPlanStatus,
  clientReminders,
  profiles,
  reminderOptOutTokens,
  reminderOptOuts,
  reminderRunClients,
  reminderRuns,
  reminderSettings,
} from "../db/schema/index.js";

export type ReminderRun = typeof reminderRuns.$inferSelect;
export type ReminderSettings = typeof reminderSettings.$inferSelect;

/** The interval of "at most one reminder a month", as the trigger of migration 0060 says it. */
const A_MONTH = sql`interval '1 month'`;

/** Under withActor (admins of the firm) or system: the firm's template, if it saved one. */
export const findSettings = (tx: Tx, firmId: string) =>
  tx
    .select()
    .from(reminderSettings)
    .where(eq(reminderSettings.firmId, firmId))
    .then((r) => r[0] ?? null);

/** System: saves the firm's template and monthly switch (next monthly send: `nextMonthlyAt`). */
export const upsertSettings = (tx: Tx, values: typeof reminderSettings.$inferInsert) =>
  tx
    .insert(reminderSettings)
    .values(values)
    .onConflictDoUpdate({
      target: reminderSettings.firmId,
      set: {
        subject: values.subject,
        body: values.body,
        isMonthly: values.isMonthly,
        nextMonthlyAt: values.nextMonthlyAt,
        updatedBy: values.updatedBy,
        updatedAt: sql`now()`,
      },
    })
    .returning()
    .then((r) => r[0] ?? null);

/** Under withActor or system: the firm's latest send. */
export const findLatestRun = (tx: Tx, firmId: string) =>
  tx
    .select()
    .from(reminderRuns)
    .where(eq(reminderRuns.firmId, firmId))
    .orderBy(desc(reminderRuns.startedAt), desc(reminderRuns.id))
    .limit(1)
    .then((r) => r[0] ?? null);

/** Under withActor: one send of the firm. */
export const findRun = (tx: Tx, firmId: string, id: string) =>
  tx
    .select()
    .from(reminderRuns)
    .where(and(eq(reminderRuns.id, id), eq(reminderRuns.firmId, firmId)))
    .then((r) => r[0] ?? null);

/** System: the send under way for the firm, if any. */
export const findSendingRun = (tx: Tx, firmId: string) =>
  tx
    .select()
    .from(reminderRuns)
    .where(and(eq(reminderRuns.firmId, firmId), eq(reminderRuns.status, "sending")))
    .then((r) => r[0] ?? null);

/**
 * System: a new send of the firm for every client whose plan is incomplete, who has not opted out
 * and had no reminder in the last month at `now`; null when another send of the firm is under way
 * (the unique index of migration 0060 answers for two processes at once).
 */
export async function insertRun(
  tx: Tx,
  run: { firmId: string; startedBy: string | null; isMonthly: boolean; now: Date },
): Promise<ReminderRun | null> {
  const [created] = await tx
    .insert(reminderRuns)
    .values({
      firmId: run.firmId,
      startedBy: run.startedBy,
      isMonthly: run.isMonthly,
      totalClients: 0,
      startedAt: run.now,
    })
    .onConflictDoNothing()
    .returning();
  if (!created) return null;
  const targets = await tx.execute(sql`
    with added as (
      insert into reminder_run_clients (run_id, client_id)
      select ${created.id}, s.client_id from client_plan_status s
      where s.firm_id = ${run.firmId} and s.score < 100
        and not exists (select 1 from reminder_opt_outs o where o.client_id = s.client_id)
        and not exists (select 1 from client_reminders r where r.client_id = s.client_id
          and r.last_sent_at > ${run.now.toISOString()}::timestamptz - ${A_MONTH})
      returning 1
    ) select count(*)::int as n from added`);
  const total = Number(rowsOf<{ n: number }>(targets)[0]?.n ?? 0);
  const [updated] = await tx
    .update(reminderRuns)
    .set({
      totalClients: total,
      ...(total === 0 ? { status: "done" as const, finishedAt: run.now } : {}),
    })
    .where(eq(reminderRuns.id, created.id))
    .returning();
  return updated ?? created;
}

/**
 * System: the next clients of any send under way, locked for this transaction (SKIP LOCKED, so
 * several processes share the work and none takes a client twice), with what a reminder needs.
 */
export const claimRunClients = (tx: Tx, limit: number) =>
  tx
    .select({
      runId: reminderRunClients.runId,
      clientId: reminderRunClients.clientId,
      firmId: reminderRuns.firmId,
    })
    .from(reminderRunClients)
    .innerJoin(reminderRuns, eq(reminderRuns.id, reminderRunClients.runId))
    .where(and(eq(reminderRuns.status, "sending"), isNull(reminderRunClients.processedAt)))
    .orderBy(
      asc(reminderRuns.startedAt),
      asc(reminderRunClients.runId),
      asc(reminderRunClients.clientId),
    )
    .limit(limit)
    .for("update", { of: reminderRunClients, skipLocked: true });

/** System: name, address, firm and plan checks of these clients, and whether each opted out. */
export const selectRecipients = (tx: Tx, clientIds: string[]) =>
  clientIds.length === 0
    ? Promise.resolve([])
    : tx
        .select({
          id: profiles.id,
          name: profiles.name,
          email: profiles.email,
          role: profiles.role,
          firmId: profiles.firmId,
          score: clientPlanStatus.score,
          hasReleasePlan: clientPlanStatus.hasReleasePlan,
          hasBeneficiaries: clientPlanStatus.hasBeneficiaries,
          areKeysHandedOver: clientPlanStatus.areKeysHandedOver,
          areVerifiersAccepted: clientPlanStatus.areVerifiersAccepted,
          hasRecoveryKit: clientPlanStatus.hasRecoveryKit,
          isOptedOut: sql<boolean>`exists (select 1 from reminder_opt_outs o where o.client_id = ${profiles.id})`,
        })
        .from(profiles)
        .innerJoin(clientPlanStatus, eq(clientPlanStatus.clientId, profiles.id))
        .where(inArray(profiles.id, clientIds));

/**
 * System: claims this month's reminder of each client (moves their last-reminder row on to `now`
 * only where a month has passed) and answers the clients claimed. Two transactions claiming the
 * same client wait for each other's row lock, and the second finds the month not yet over.
 */
export async function claimMonthlySlots(tx: Tx, clientIds: string[], now: Date) {
  if (clientIds.length === 0) return new Set<string>();
  const rows = await tx
    .insert(clientReminders)
    .values(clientIds.map((clientId) => ({ clientId, lastSentAt: now })))
    .onConflictDoUpdate({
      target: clientReminders.clientId,
      set: { lastSentAt: sql`excluded.last_sent_at` },
      setWhere: lte(clientReminders.lastSentAt, sql`excluded.last_sent_at - ${A_MONTH}`),
    })
    .returning({ clientId: clientReminders.clientId });
  return new Set(rows.map((r) => r.clientId));
}

/** System: the opt-out tokens of these reminders, hashed. */
export const insertOptOutTokens = (tx: Tx, rows: { tokenHash: string; clientId: string }[]) =>
  rows.length === 0
    ? Promise.resolve()
    : tx
        .insert(reminderOptOutTokens)
        .values(rows)
        .then(() => {});

/** System: these clients of a send are done; `sent` of them got a reminder. Returns the run. */
export async function markRunClientsProcessed(
  tx: Tx,
  done: { runId: string; clientIds: string[]; sent: Set<string>; now: Date },
) {
  const sentIds = done.clientIds.filter((id) => done.sent.has(id));
  for (const [ids, isSent] of [
    [sentIds, true],
    [done.clientIds.filter((id) => !done.sent.has(id)), false],
  ] as const)
    if (ids.length > 0)
      await tx
        .update(reminderRunClients)
        .set({ processedAt: done.now, isSent })
        .where(
          and(eq(reminderRunClients.runId, done.runId), inArray(reminderRunClients.clientId, ids)),
        );
  const n = done.clientIds.length;
  return tx
    .update(reminderRuns)
    .set({
      processedClients: sql`${reminderRuns.processedClients} + ${n}`,
      sentClients: sql`${reminderRuns.sentClients} + ${sentIds.length}`,
      status: sql`case when ${reminderRuns.processedClients} + ${n} >= ${reminderRuns.totalClients} then 'done' else 'sending' end`,
      finishedAt: sql`case when ${reminderRuns.processedClients} + ${n} >= ${reminderRuns.totalClients} then ${done.now.toISOString()}::timestamptz end`,
    })
    .where(eq(reminderRuns.id, done.runId))
    .returning()
    .then((r) => r[0] ?? null);
}

/** System: the firms whose monthly send is due at `now`, each moved on a month (claimed once). */
export const claimDueMonthlyFirms = (tx: Tx, now: Date) =>
  tx
    .update(reminderSettings)
    .set({ nextMonthlyAt: sql`${now.toISOString()}::timestamptz + ${A_MONTH}` })
    .where(and(eq(reminderSettings.isMonthly, true), lte(reminderSettings.nextMonthlyAt, now)))
    .returning({ firmId: reminderSettings.firmId });

/** System: the client whose opt-out token hashes to `tokenHash`, if any. */
export const findTokenClient = (tx: Tx, tokenHash: string) =>
  tx
    .select({ clientId: reminderOptOutTokens.clientId })
    .from(reminderOptOutTokens)
    .where(eq(reminderOptOutTokens.tokenHash, tokenHash))
    .then((r) => r[0]?.clientId ?? null);

/** System or withActor (one's own row): opts the client out; nothing changes if they were. */
export const insertOptOut = (tx: Tx, clientId: string) =>
  tx
    .insert(reminderOptOuts)
    .values({ clientId })
    .onConflictDoNothing()
    .returning({ clientId: reminderOptOuts.clientId })
    .then((r) => r.length > 0);

/** withActor (one's own row): reminders back on. */
export const deleteOptOut = (tx: Tx, clientId: string) =>
  tx
    .delete(reminderOptOuts)
    .where(eq(reminderOptOuts.clientId, clientId))
    .returning({ clientId: reminderOptOuts.clientId })
    .then((r) => r.length > 0);

/** withActor: whether the client opted out. */
export const isOptedOut = (tx: Tx, clientId: string) =>
  tx
    .select({ clientId: reminderOptOuts.clientId })
    .from(reminderOptOuts)
    .where(eq(reminderOptOuts.clientId, clientId))
    .then((r) => r.length > 0);

/** Under withActor (the firm's admins, by row-level security): the firm's clients who opted out. */
export const selectFirmOptOuts = (tx: Tx, firmId: string, limit: number) =>
  tx
    .select({
      clientId: reminderOptOuts.clientId,
      name: profiles.name,
      email: profiles.email,
      optedOutAt: reminderOptOuts.optedOutAt,
    })
    .from(reminderOptOuts)
    .innerJoin(profiles, eq(profiles.id, reminderOptOuts.clientId))
    .where(and(eq(profiles.firmId, firmId), eq(profiles.role, "regular_user")))
    .orderBy(desc(reminderOptOuts.optedOutAt), asc(reminderOptOuts.clientId))
    .limit(limit);
