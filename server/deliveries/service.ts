import {
  DELIVERY_MSG,
  type DeliveryDelayDays,
  type DeliveryListView,
  type DeliveryView,
  type PutDeliveryInput,
} from "../../common/deliveries.js";
import { requireAccess, type ActorProfile } from "../access.js";
import { loadOwnAsset } from "../assets/service.js";
import { recordAudit } from "../audit/record.js";
import { withActor } from "../db/actor.js";
import type { Tx } from "../db/client.js";
import type { Deps } from "../deps.js";
import { addDays } from "../clock.js";
import { AppError } from "../errors.js";
import { presentDelivery } from "./present.js";
import {
  deleteDelay,
  replaceFallbacks,
  selectDelivery,
  selectFallbacks,
  selectOwnerDelays,
  selectOwnerFallbacks,
  selectOwnerKeys,
  upsertDelivery,
} from "./queries.js";

/**
 * Items delivered later (docs/decisions/096): each item's delay after the release. The owner
 * writes and reads their own; the release dates each released item by it; the sweep (./sweep.ts)
 * delivers on the day; until then the portal answers 404 for the item (server/legacy).
 */

const asActor = <T>(deps: Deps, actor: ActorProfile, fn: (tx: Tx) => Promise<T>) =>
  withActor(deps.db, { userId: actor.id }, fn);

/** GET /api/deliveries/:id: the owner's own item's delay, claim time and fallbacks. */
export const getDelivery = (deps: Deps, actor: ActorProfile, id: string): Promise<DeliveryView> =>
  asActor(deps, actor, async (tx) => {
    await loadOwnAsset(tx, actor, id);
    return presentDelivery(id, await selectDelivery(tx, id), await selectFallbacks(tx, id));
  });

/** GET /api/deliveries: the owner's items that wait or name people in turn (the preview's). */
export async function listDeliveries(deps: Deps, actor: ActorProfile): Promise<DeliveryListView> {
  requireAccess(actor, "vault:own", { ownerId: actor.id });
  return asActor(deps, actor, async (tx) => {
    const fallbacks = new Map<string, string[]>();
    for (const f of await selectOwnerFallbacks(tx, actor.id))
      fallbacks.set(f.assetId, [...(fallbacks.get(f.assetId) ?? []), f.email]);
    return {
      items: (await selectOwnerDelays(tx, actor.id)).map((d) => ({
        assetId: d.assetId,
        delayDays: d.delayDays as DeliveryDelayDays,
        fallbacks: fallbacks.get(d.assetId) ?? [],
      })),
    };
  });
}

/**
 * The fallbacks as given, checked: each wrap names a beneficiary key of the owner for that very
 * address (the owner's browser made it with that key), and none is already someone the item is
 * left to.
 */
async function checkFallbacks(
  tx: Tx,
  a: { ownerId: string; leftTo: string[]; fallbacks: NonNullable<PutDeliveryInput["fallbacks"]> },
) {
  const keys = await selectOwnerKeys(
    tx,
    a.ownerId,
    a.fallbacks.map((f) => f.beneficiaryKeyId),
  );
  const keyEmail = new Map(keys.map((k) => [k.id, k.email]));
  const leftTo = new Set(a.leftTo.map((e) => e.toLowerCase()));
  return a.fallbacks.map((f) => {
    if (leftTo.has(f.email))
      throw new AppError("VALIDATION", DELIVERY_MSG.fallbackIsBeneficiary, { field: "fallbacks" });
    if (keyEmail.get(f.beneficiaryKeyId) !== f.email)
      throw new AppError("VALIDATION", DELIVERY_MSG.fallbackKeyMismatch, { field: "fallbacks" });
    return { ...f, wrappedKey: Buffer.from(f.wrappedKey, "base64") };
  });
}

/**
 * PUT /api/deliveries/:id: when the item is given, in days after the release, and (each left out
 * kept) how long each person has to claim it and its fallbacks in order. A message has its own
 * day (decision 089): no delay. Once the item is released nothing here changes (409).
 */
export function putDelivery(
  deps: Deps,
  actor: ActorProfile,
  { id, input }: { id: string; input: PutDeliveryInput },
): Promise<DeliveryView> {
  return asActor(deps, actor, async (tx) => {
    const asset = await loadOwnAsset(tx, actor, id);
    if (asset.type === "message" && input.delayDays !== 0)
      throw new AppError("VALIDATION", DELIVERY_MSG.notForMessages, { field: "delayDays" });
    if (asset.releaseTriggered) throw new AppError("CONFLICT", DELIVERY_MSG.released);
    const before = await selectDelivery(tx, id);
    const claimDays = input.claimDays ?? before.claimDays;
    if (input.fallbacks) {
      const fallbacks = await checkFallbacks(tx, {
        ownerId: actor.id,
        leftTo: asset.beneficiaryEmails,
        fallbacks: input.fallbacks,
      });
      await replaceFallbacks(tx, { assetId: id, userId: actor.id, fallbacks });
    }
    const fallbacks = await selectFallbacks(tx, id);
    if (input.delayDays === 0 && !fallbacks.length) await deleteDelay(tx, id);
    else
      await upsertDelivery(tx, {
        assetId: id,
        userId: actor.id,
        delayDays: input.delayDays,
        claimDays,
      });
    await recordAudit(tx, {
      actorId: actor.id,
      action: "delivery.set",
      subjectType: "asset",
      subjectId: id,
      ownerId: actor.id,
      details: { delayDays: input.delayDays, claimDays, fallbacks: fallbacks.length },
    });
    return presentDelivery(id, { delayDays: input.delayDays, claimDays }, fallbacks);
  });
}

/** The release (server/release/steps.ts): each of the owner's delayed items' days after it. */
export async function getOwnerDelays(tx: Tx, ownerId: string): Promise<Map<string, number>> {
  const rows = await selectOwnerDelays(tx, ownerId);
  return new Map(rows.map((r) => [r.assetId, r.delayDays]));
}

/**
 * The release's rows for what it gives (release_items), each dated by its item's delay: an item
 * that waits is due that many days after `now` and its access ends as many days after `endsAt`;
 * the others (and every message: its own day, decision 089) are given now.
 */
export async function dateReleasedItems(
  tx: Tx,
  a: {
    ownerId: string;
    releaseId: string;
    released: { id: string; email: string; type: string }[];
    now: Date;
    endsAt: Date;
  },
) {
  const delays = await getOwnerDelays(tx, a.ownerId);
  return a.released.map((r) => {
    const days = r.type === "message" ? 0 : (delays.get(r.id) ?? 0);
    return {
      releaseId: a.releaseId,
      assetId: r.id,
      beneficiaryEmail: r.email,
      accessEndsAt: addDays(a.endsAt, days),
      dueAt: days ? addDays(a.now, days) : null,
    };
  });
}
