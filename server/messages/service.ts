import {
  MESSAGE_MSG,
  dateRangeError,
  messageShareContext,
  type MessageScheduleListView,
  type MessageScheduleView,
  type PutMessageScheduleInput,
} from "../../common/messages.js";
import type { ActorProfile } from "../access.js";
import { loadOwnAsset } from "../assets/service.js";
import { recordAudit } from "../audit/record.js";
import { withActor } from "../db/actor.js";
import type { Tx } from "../db/client.js";
import type { Deps } from "../deps.js";
import { AppError } from "../errors.js";
import { presentSchedule, presentScheduleSummary } from "./present.js";
import { listSchedules, selectSchedule, startClocks, upsertSchedule } from "./queries.js";

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
    const row = await upsertSchedule(tx, {
      assetId: id,
      userId: actor.id,
      deliverWhen: delivery.when,
      deliverOn: delivery.when === "date" ? delivery.date : null,
      yearsAfter: delivery.when === "anniversary" ? delivery.years : null,
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

/** The release (server/release/steps.ts): every message of the owner starts its clock now. */
export const startMessageClocks = (tx: Tx, ownerId: string, now: Date) =>
  startClocks(tx, ownerId, now);

/** The waiting share of a delivered message, for the portal (its own checks done first). */
export const openWaitingShare = openShare;
