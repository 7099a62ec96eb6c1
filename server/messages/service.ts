import {
  MESSAGE_MSG,
  dateRangeError,
  messageShareContext,
  type MessageDelivery,
  type MilestoneConfirmer,
  type MilestoneConfirmersView,
  type MessageScheduleListView,
  type MessageScheduleView,
  type PutMessageScheduleInput,
} from "../../common/messages.js";
import { clientFirmOf, type ActorProfile } from "../access.js";
import { loadOwnAsset } from "../assets/service.js";
import { recordAudit } from "../audit/record.js";
import { withActor } from "../db/actor.js";
import type { Tx } from "../db/client.js";
import type { Deps } from "../deps.js";
import { AppError } from "../errors.js";
import { presentMilestone, presentSchedule, presentScheduleSummary } from "./present.js";
import {
  confirmMilestoneRow,
  hasExecutor,
  listSchedules,
  selectMilestone,
  selectMilestones,
  selectSchedule,
  startClocks,
  upsertSchedule,
  type MilestoneRow,
} from "./queries.js";

/**
 * Messages for later (docs/decisions/089): each message's schedule and the server's waiting share
 * W of its key. The owner writes and reads their own; the release starts the clocks; the sweep
 * (./sweep.ts) delivers; the portal hands W out only for a delivered message (server/legacy).
 */

const asActor = <T>(deps: Deps, actor: ActorProfile, fn: (tx: Tx) => Promise<T>) =>
  withActor(deps.db, { userId: actor.id }, fn);

/** The actor's own message, or 404 (missing, someone else's, or an item of another type alike). */
async function loadOwnMessage(tx: Tx, actor: ActorProfile, id: string) {
  const asset = await loadOwnAsset(tx, actor, id);
  if (asset.type !== "message") throw new AppError("NOT_FOUND");
  return asset;
}

const openShare = (deps: Deps, assetId: string, sealed: Buffer) =>
  deps.shareSealers.messageShare.open(messageShareContext(assetId), sealed);

/** GET /api/messages: the actor's messages' schedules, without their shares. */
export const listMessageSchedules = (
  deps: Deps,
  actor: ActorProfile,
): Promise<MessageScheduleListView> =>
  asActor(deps, actor, async (tx) => ({
    schedules: (await listSchedules(tx, actor.id)).map(presentScheduleSummary),
  }));

/** GET /api/messages/:id/schedule: the owner's own message's schedule and W; 404 when none is set. */
export function getMessageSchedule(
  deps: Deps,
  actor: ActorProfile,
  id: string,
): Promise<MessageScheduleView> {
  return asActor(deps, actor, async (tx) => {
    await loadOwnMessage(tx, actor, id);
    const row = await selectSchedule(tx, id);
    if (!row) throw new AppError("NOT_FOUND", MESSAGE_MSG.notScheduled);
    return presentSchedule(row, openShare(deps, id, row.waitingShare));
  });
}

/**
 * PUT /api/messages/:id/schedule: when the message is delivered, and W (sealed here under the
 * message-share key, the message id as additional data). A date is after today and within 25
 * years. Once the release has started the clock, the schedule no longer changes (409).
 */
export function putMessageSchedule(
  deps: Deps,
  actor: ActorProfile,
  { id, input }: { id: string; input: PutMessageScheduleInput },
): Promise<MessageScheduleView> {
  const { delivery } = input;
  if (delivery.when === "date") {
    const error = dateRangeError(delivery.date, deps.clock.now());
    if (error) throw new AppError("VALIDATION", error, { field: "delivery.date" });
  }
  const share = Buffer.from(input.waitingShare, "base64");
  return asActor(deps, actor, async (tx) => {
    await loadOwnMessage(tx, actor, id);
    const current = await selectSchedule(tx, id);
    if (current?.releasedAt) throw new AppError("CONFLICT");
    await requireConfirmer(tx, actor, delivery);
    const row = await upsertSchedule(tx, {
      assetId: id,
      userId: actor.id,
      deliverWhen: delivery.when,
      deliverOn: delivery.when === "date" ? delivery.date : null,
      yearsAfter: delivery.when === "anniversary" ? delivery.years : null,
      milestoneLabel: delivery.when === "milestone" ? delivery.label : null,
      milestoneConfirmer: delivery.when === "milestone" ? delivery.confirmer : null,
      waitingShare: deps.shareSealers.messageShare.seal(messageShareContext(id), share),
    });
    if (!row) throw new AppError("NOT_FOUND");
    await recordAudit(tx, {
      actorId: actor.id,
      action: "message.scheduled",
      subjectType: "asset",
      subjectId: id,
      ownerId: actor.id,
      details: { when: delivery.when },
    });
    return presentSchedule(row, share);
  });
}

/** GET /api/messages/confirmers: whom the owner can choose to confirm a milestone today. */
export const listMilestoneConfirmers = (
  deps: Deps,
  actor: ActorProfile,
): Promise<MilestoneConfirmersView> =>
  asActor(deps, actor, async (tx) => {
    const confirmers: MilestoneConfirmer[] = [];
    if (await hasExecutor(tx, actor.id)) confirmers.push("executor");
    if (clientFirmOf(actor)) confirmers.push("firm");
    return { confirmers };
  });

/**
 * A milestone's confirmer must exist (decision 109): the firm only for a client of a firm, the
 * executor only once the owner has named one among their people. 400 with the reason otherwise.
 */
async function requireConfirmer(tx: Tx, actor: ActorProfile, delivery: MessageDelivery) {
  if (delivery.when !== "milestone") return;
  const field = { field: "delivery.confirmer" };
  if (delivery.confirmer === "firm" && !clientFirmOf(actor))
    throw new AppError("VALIDATION", MESSAGE_MSG.milestoneNoFirm, field);
  if (delivery.confirmer === "executor" && !(await hasExecutor(tx, actor.id)))
    throw new AppError("VALIDATION", MESSAGE_MSG.milestoneNoExecutor, field);
}

/**
 * The milestones of these owners that this kind of confirmer confirms (server/milestones, after
 * its access check, as the system): the description and the confirmation only.
 */
export async function listMilestones(tx: Tx, ownerIds: string[], confirmer: MilestoneConfirmer) {
  const rows = await selectMilestones(tx, ownerIds, confirmer);
  return rows.map((row) => ({
    ownerId: row.ownerId,
    isReleased: !!row.releasedAt,
    milestone: presentMilestone(row),
  }));
}

/** One milestone message's schedule, or null (server/milestones checks who may see it). */
export const findMilestone = (tx: Tx, id: string) => selectMilestone(tx, id);

/**
 * Confirms a released milestone (server/milestones, after its access check): due now, so the
 * minute sweep delivers it with its e-mail and audit row. Who confirmed (`by`: the firm admin's id
 * or the executor's address) is written to the audit log only. Confirming again changes nothing and
 * answers the first confirmation (idempotent: a double click, or a retry after a lost answer).
 */
export async function confirmMilestone(
  tx: Tx,
  {
    milestone,
    by,
    actorId,
    firmId,
    now,
  }: {
    milestone: MilestoneRow;
    by: string;
    actorId: string | null;
    firmId: string | null;
    now: Date;
  },
) {
  if (!milestone.releasedAt) throw new AppError("CONFLICT", MESSAGE_MSG.milestoneNotReleased);
  if (milestone.confirmedAt) return presentMilestone(milestone);
  const row = await confirmMilestoneRow(tx, { assetId: milestone.id, now });
  if (!row) {
    // confirmed meanwhile by another request: answer that confirmation
    const again = await selectMilestone(tx, milestone.id);
    if (again?.confirmedAt) return presentMilestone(again);
    throw new AppError("CONFLICT", MESSAGE_MSG.milestoneNotReleased);
  }
  await recordAudit(tx, {
    actorId,
    action: "message.milestone-confirmed",
    subjectType: "asset",
    subjectId: milestone.id,
    ownerId: milestone.ownerId,
    firmId,
    at: now,
    details: { confirmer: milestone.confirmer, by },
  });
  return presentMilestone(row);
}

/** The release (server/release/steps.ts): every message of the owner starts its clock now. */
export const startMessageClocks = (tx: Tx, ownerId: string, now: Date) =>
  startClocks(tx, ownerId, now);

/** The waiting share of a delivered message, for the portal (its own checks done first). */
export const openWaitingShare = openShare;
