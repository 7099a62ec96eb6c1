import { randomBytes } from "node:crypto";
import type { z } from "zod";
import {
  WEBHOOKS_PER_FIRM,
  WEBHOOK_MSG,
  type WebhookEvent,
  type createWebhookSchema,
} from "../../common/firm-api.js";
import { requireAccess, requireFirm, type ActorProfile } from "../access.js";
import { recordAudit } from "../audit/record.js";
import { asSystem, withActor } from "../db/actor.js";
import type { Db, Tx } from "../db/client.js";
import type { Deps } from "../deps.js";
import { AppError } from "../errors.js";
import { checkWebhookUrl } from "./address.js";
import {
  countFirmEndpoints,
  disableEndpoint,
  enqueueClientEventRows,
  enqueueClientEventsRows,
  insertEndpoint,
  selectFirmDeliveries,
  selectFirmEndpoints,
} from "./queries.js";
import { endpointSecret } from "./signature.js";

/** Deliveries the admin's log shows: the latest. */
const DELIVERY_LOG_SIZE = 50;

/** GET /api/firm/webhooks: the firm's endpoints and its latest deliveries (admins only). */
export async function listWebhooks(deps: Deps, actor: ActorProfile) {
  requireAccess(actor, "firm-api:manage", { firmId: actor.firmId });
  const firmId = requireFirm(actor);
  return withActor(deps.db, { userId: actor.id }, async (tx) => ({
    endpoints: await selectFirmEndpoints(tx, firmId),
    deliveries: await selectFirmDeliveries(tx, firmId, DELIVERY_LOG_SIZE),
  }));
}

/** POST /api/firm/webhooks: a new endpoint; its signing secret is answered this once, never stored. */
export async function createWebhook(
  deps: Deps,
  actor: ActorProfile,
  input: z.output<typeof createWebhookSchema>,
) {
  requireAccess(actor, "firm-api:manage", { firmId: actor.firmId });
  const firmId = requireFirm(actor);
  const url = await checkWebhookUrl(input.url, {
    isProduction: deps.env.NODE_ENV === "production",
  });
  const row = await asSystem(deps.db, async (tx) => {
    if ((await countFirmEndpoints(tx, firmId)) >= WEBHOOKS_PER_FIRM)
      throw new AppError("CONFLICT", WEBHOOK_MSG.tooMany);
    const inserted = await insertEndpoint(tx, {
      firmId,
      createdBy: actor.id,
      url: url.href,
      events: input.events,
      secretNonce: randomBytes(16).toString("hex"),
    });
    await recordAudit(tx, {
      actorId: actor.id,
      action: "webhook.created",
      subjectType: "webhook",
      subjectId: inserted.id,
      firmId,
      details: { events: input.events },
    });
    return inserted;
  });
  return { row, secret: endpointSecret(deps.hmac, row.id, row.secretNonce) };
}

/** POST /api/firm/webhooks/:id/delete: stops it at once; another firm's or none answer 404. */
export async function deleteWebhook(deps: Deps, actor: ActorProfile, id: string) {
  requireAccess(actor, "firm-api:manage", { firmId: actor.firmId });
  const firmId = requireFirm(actor);
  await asSystem(deps.db, async (tx) => {
    if (!(await disableEndpoint(tx, { firmId, id, at: deps.clock.now() })))
      throw new AppError("NOT_FOUND");
    await recordAudit(tx, {
      actorId: actor.id,
      action: "webhook.deleted",
      subjectType: "webhook",
      subjectId: id,
      firmId,
    });
  });
}

/**
 * The one call where an event about a client happens (client joined, release started; plan
 * completed is the status row's trigger): queued in the caller's transaction for each endpoint of
 * the client's firm that wants it, and sent by the job (server/webhooks/send.ts).
 */
export const enqueueClientEvent = (
  tx: Db | Tx,
  clientId: string,
  event: WebhookEvent,
  extra: Record<string, string> = {},
) => enqueueClientEventRows(tx, { clientId, event, extra });

/** enqueueClientEvent for several clients' events at once (a sweep's batch of steps, decision 085). */
export const enqueueClientEvents = async (
  tx: Db | Tx,
  events: { clientId: string; event: WebhookEvent; extra: Record<string, string> }[],
) => {
  if (events.length) await enqueueClientEventsRows(tx, events);
};
