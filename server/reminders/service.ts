import {
  DEFAULT_REMINDER_BODY,
  DEFAULT_REMINDER_SUBJECT,
  type ReminderOptOutList,
  type ReminderPreferenceView,
  type ReminderRunView,
  type ReminderSettingsView,
  type ReminderTemplateInput,
} from "../../common/reminders.js";
import { requireAccess, requireFirm, type ActorProfile } from "../access.js";
import { recordAudit } from "../audit/record.js";
import { asSystem, withActor } from "../db/actor.js";
import type { Tx } from "../db/client.js";
import type { Deps } from "../deps.js";
import { hashLinkToken } from "../keys/link-token.js";
import { AppError } from "../errors.js";
import { presentOptOut, presentRun } from "./present.js";
import {
  deleteOptOut,
  findLatestRun,
  findRun,
  findSendingRun,
  findSettings,
  findTokenClient,
  insertOptOut,
  insertRun,
  isOptedOut,
  selectFirmOptOuts,
  upsertSettings,
} from "./queries.js";

/** Clients the firm's opt-out list shows at most. */
export const OPT_OUT_LIST_MAX = 500;

/** GET /api/firm/reminders: the template (the default until saved), the switch and the last send. */
export async function getReminderSettings(
  deps: Deps,
  actor: ActorProfile,
): Promise<ReminderSettingsView> {
  requireAccess(actor, "reminders:manage", { firmId: actor.firmId });
  const firmId = requireFirm(actor);
  return withActor(deps.db, { userId: actor.id }, async (tx) => {
    const settings = await findSettings(tx, firmId);
    const run = await findLatestRun(tx, firmId);
    const optedOut = await selectFirmOptOuts(tx, firmId, OPT_OUT_LIST_MAX);
    return {
      subject: settings?.subject ?? DEFAULT_REMINDER_SUBJECT,
      body: settings?.body ?? DEFAULT_REMINDER_BODY,
      isMonthly: settings?.isMonthly ?? false,
      nextMonthlyAt: settings?.nextMonthlyAt?.toISOString() ?? null,
      lastRun: run ? presentRun(run) : null,
      optedOutCount: optedOut.length,
    };
  });
}

/**
 * PUT /api/firm/reminders: saves the template and the monthly switch. Turning the monthly send on
 * makes it due at once (the next sweep starts it); turning it off stops the next one.
 */
export async function saveReminderSettings(
  deps: Deps,
  actor: ActorProfile,
  input: ReminderTemplateInput,
): Promise<ReminderSettingsView> {
  requireAccess(actor, "reminders:manage", { firmId: actor.firmId });
  const firmId = requireFirm(actor);
  await asSystem(deps.db, async (tx) => {
    const before = await findSettings(tx, firmId);
    const nextMonthlyAt = !input.isMonthly
      ? null
      : before?.isMonthly && before.nextMonthlyAt
        ? before.nextMonthlyAt
        : deps.clock.now();
    await upsertSettings(tx, { firmId, ...input, nextMonthlyAt, updatedBy: actor.id });
    await recordAudit(tx, {
      actorId: actor.id,
      action: "reminders.template_saved",
      subjectType: "firm",
      subjectId: firmId,
      firmId,
      details: { isMonthly: input.isMonthly },
    });
  });
  return getReminderSettings(deps, actor);
}

/**
 * POST /api/firm/reminders/runs: a send to every client of the firm with an incomplete plan (the
 * worker does the e-mails); while one is under way, that one is the answer.
 */
export async function startReminderRun(
  deps: Deps,
  actor: ActorProfile,
): Promise<{ run: ReminderRunView; isNew: boolean }> {
  requireAccess(actor, "reminders:manage", { firmId: actor.firmId });
  const firmId = requireFirm(actor);
  return asSystem(deps.db, async (tx) => {
    const run = await createRun(tx, { firmId, startedBy: actor.id, now: deps.clock.now() });
    if (run) return { run: presentRun(run), isNew: true };
    const sending = await findSendingRun(tx, firmId);
    if (!sending) throw new AppError("CONFLICT");
    return { run: presentRun(sending), isNew: false };
  });
}

/** System: a send of the firm and its audit row; null when one is under way. */
export async function createRun(
  tx: Tx,
  run: { firmId: string; startedBy: string | null; now: Date },
) {
  const created = await insertRun(tx, { ...run, isMonthly: run.startedBy === null });
  if (created)
    await recordAudit(tx, {
      actorId: run.startedBy,
      action: "reminders.started",
      subjectType: "reminder_run",
      subjectId: created.id,
      firmId: run.firmId,
      details: { clients: created.totalClients, isMonthly: created.isMonthly },
    });
  return created;
}

/** GET /api/firm/reminders/runs/:id: a send's progress. */
export async function getReminderRun(
  deps: Deps,
  actor: ActorProfile,
  id: string,
): Promise<ReminderRunView> {
  requireAccess(actor, "reminders:manage", { firmId: actor.firmId });
  const firmId = requireFirm(actor);
  const run = await withActor(deps.db, { userId: actor.id }, (tx) => findRun(tx, firmId, id));
  if (!run) throw new AppError("NOT_FOUND");
  return presentRun(run);
}

/** GET /api/firm/reminders/opt-outs: the firm's clients who turned reminders off (never why). */
export async function listReminderOptOuts(
  deps: Deps,
  actor: ActorProfile,
): Promise<ReminderOptOutList> {
  requireAccess(actor, "reminders:manage", { firmId: actor.firmId });
  const firmId = requireFirm(actor);
  const rows = await withActor(deps.db, { userId: actor.id }, (tx) =>
    selectFirmOptOuts(tx, firmId, OPT_OUT_LIST_MAX),
  );
  return { clients: rows.map(presentOptOut) };
}

/** GET /api/reminders/preference: whether the signed-in person turned reminders off. */
export async function getReminderPreference(
  deps: Deps,
  actor: ActorProfile,
): Promise<ReminderPreferenceView> {
  const isOff = await withActor(deps.db, { userId: actor.id }, (tx) => isOptedOut(tx, actor.id));
  return { isOptedOut: isOff };
}

/** PUT /api/reminders/preference: one's own switch, under row-level security (one's own row only). */
export async function setReminderPreference(
  deps: Deps,
  actor: ActorProfile,
  input: { isOptedOut: boolean },
): Promise<ReminderPreferenceView> {
  await withActor(deps.db, { userId: actor.id }, async (tx) => {
    const changed = input.isOptedOut
      ? await insertOptOut(tx, actor.id)
      : await deleteOptOut(tx, actor.id);
    if (changed)
      await recordAudit(tx, {
        actorId: actor.id,
        action: input.isOptedOut ? "reminders.opted_out" : "reminders.opted_in",
        subjectType: "user",
        subjectId: actor.id,
        ownerId: actor.id,
        details: { by: "profile" },
      });
  });
  return { isOptedOut: input.isOptedOut };
}

/**
 * POST /api/reminders/opt-out: the e-mail's one-click link, with no sign-in. The token (stored
 * hashed) opts out the one client it was made for; again, it changes nothing and answers the same.
 * An unknown token answers 404.
 */
export async function optOutByToken(deps: Deps, token: string, ip: string | null): Promise<void> {
  await asSystem(deps.db, async (tx) => {
    const clientId = await findTokenClient(tx, hashLinkToken(token));
    if (!clientId) throw new AppError("NOT_FOUND");
    if (await insertOptOut(tx, clientId))
      await recordAudit(tx, {
        actorId: null,
        action: "reminders.opted_out",
        subjectType: "user",
        subjectId: clientId,
        ownerId: clientId,
        ip,
        details: { by: "link" },
      });
  });
}
