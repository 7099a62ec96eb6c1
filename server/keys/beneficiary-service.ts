import {
  KEYS_MSG,
  type CreateBeneficiaryKeyInput,
  type ItemWrapInput,
  type UpdateBeneficiaryKeyInput,
  type WrapItemsInput,
} from "../../common/keys.js";
import { requireAccess, type ActorProfile } from "../access.js";
import { recordAudit } from "../audit/record.js";
import { withActor } from "../db/actor.js";
import type { Tx } from "../db/client.js";
import { AppError, isUniqueViolation } from "../errors.js";
import type { Deps } from "../deps.js";
import {
  clearWrapsOfKey,
  deleteKey,
  insertKey,
  listKeyViews,
  listPendingItems,
  selectItemsLeftTo,
  selectKeyIdByEmailForUpdate,
  selectKeyRef,
  selectKeyRefForShare,
  selectKeyView,
  setItemWrap,
  updateKey,
  type KeyChanges,
} from "./beneficiary-queries.js";
import { dropEscrowWhenDone } from "./owner-keys-service.js";

/**
 * The owner's beneficiary keys (docs/decisions/032): made in their browser, stored here with the
 * server's share sealed. Only the owner reaches them (a firm's "View as Client" runs as
 * lv_client_view, which has no grant on beneficiary_keys; the routes answer the signed-in user's own).
 */

const asOwner = <T>(deps: Deps, actor: ActorProfile, fn: (tx: Tx) => Promise<T>) => {
  requireAccess(actor, "vault:own", { ownerId: actor.id });
  return withActor(deps.db, { userId: actor.id }, fn);
};
const bytes = (base64: string) => Buffer.from(base64, "base64");
const subject = (id: string) => ({ subjectType: "beneficiary_key", subjectId: id });

/** Seals a raw share under `sealer` (the key id as additional data) and wipes the raw bytes. */
function sealShare(sealer: Deps["shareSealers"]["serverShare"], keyId: string, base64: string) {
  const raw = bytes(base64);
  const sealed = sealer.seal(keyId, raw);
  raw.fill(0);
  return sealed;
}

/** The owner's keys and the items still waiting for a wrap. */
export const listBeneficiaryKeys = (deps: Deps, actor: ActorProfile) =>
  asOwner(deps, actor, async (tx) => ({
    keys: await listKeyViews(tx, actor.id),
    pending: await listPendingItems(tx, actor.id),
  }));

/**
 * The owner's key `id`, or 404 (a missing key and someone else's answer alike). `forWrapping` holds
 * it FOR SHARE until the end (selectKeyRefForShare).
 */
async function loadOwnKey(
  tx: Tx,
  actor: ActorProfile,
  { id, forWrapping }: { id: string; forWrapping: boolean },
) {
  const key = await (forWrapping ? selectKeyRefForShare : selectKeyRef)(tx, id);
  if (!key) throw new AppError("NOT_FOUND", KEYS_MSG.keyNotFound);
  requireAccess(actor, "vault:own", { ownerId: key.userId });
  return key;
}

/** Each item must be the owner's and left to `email` (among others); otherwise 400 before anything is written. */
async function requireItemsOf(
  tx: Tx,
  { userId, email, items }: { userId: string; email: string; items: ItemWrapInput[] },
) {
  if (items.length === 0) return;
  const ids = [...new Set(items.map((i) => i.assetId))];
  const found = await selectItemsLeftTo(tx, { userId, email, assetIds: ids });
  const named = new Set(found.map((r) => r.id));
  if (ids.some((id) => !named.has(id))) throw new AppError("VALIDATION", KEYS_MSG.itemNotForKey);
}

async function wrapItems(
  tx: Tx,
  {
    userId,
    keyId,
    email,
    items,
  }: { userId: string; keyId: string; email: string; items: ItemWrapInput[] },
) {
  for (const item of items)
    await setItemWrap(tx, {
      userId,
      email,
      keyId,
      assetId: item.assetId,
      wrappedKey: bytes(item.wrappedKey),
    });
}

async function keyView(tx: Tx, userId: string, id: string) {
  const view = await selectKeyView(tx, userId, id);
  if (!view) throw new AppError("INTERNAL");
  return view;
}

/**
 * A new key for an address. When the owner has one for it already, the request must name it in
 * `replaces` (and a request naming a key when there is none is refused too): 409 otherwise. A
 * re-issue, in one transaction: the old key's items lose their wrap, the old key goes, the new one
 * comes and wraps `items`; the other items of the address are then pending.
 */
export function createBeneficiaryKey(
  deps: Deps,
  actor: ActorProfile,
  { input, ip }: { input: CreateBeneficiaryKeyInput; ip: string },
) {
  const serverShare = sealShare(deps.shareSealers.serverShare, input.id, input.serverShare);
  const escrowShare = input.escrowAccessKey
    ? sealShare(deps.shareSealers.escrow, input.id, input.escrowAccessKey)
    : null;
  const conflict = () => new AppError("CONFLICT", KEYS_MSG.keyExists);
  return asOwner(deps, actor, async (tx) => {
    const existing = await selectKeyIdByEmailForUpdate(tx, actor.id, input.email);
    if (existing !== (input.replaces ?? null)) throw conflict();
    await requireItemsOf(tx, { userId: actor.id, email: input.email, items: input.items });
    if (existing) {
      await clearWrapsOfKey(tx, actor.id, existing);
      // a concurrent re-issue of the same key deleted it first: this one lost
      if ((await deleteKey(tx, actor.id, existing)).length === 0) throw conflict();
    }
    await insertKey(tx, {
      id: input.id,
      userId: actor.id,
      email: input.email,
      ownerWrappedKey: bytes(input.ownerWrappedKey),
      ownerWrappedAccessKey: bytes(input.ownerWrappedAccessKey),
      serverShare,
      escrowShare,
    });
    await wrapItems(tx, {
      userId: actor.id,
      keyId: input.id,
      email: input.email,
      items: input.items,
    });
    await recordAudit(tx, {
      actorId: actor.id,
      action: "keys.beneficiary_key_created",
      ...subject(input.id),
      ownerId: actor.id,
      ip,
      details: { beneficiary: input.email, reissue: !!existing, escrow: !!escrowShare },
    });
    return keyView(tx, actor.id, input.id);
  })
    .catch((err: unknown) => {
      // two requests made a key for the same address (or the browser's id is taken) at once
      if (isUniqueViolation(err)) throw conflict();
      throw err;
    })
    .then(afterWrapping(deps, actor));
}

/**
 * After items were wrapped: a moved-over owner's escrowed data key goes once nothing depends on it
 * (decision 038; their browser wraps the pending items right after sign-in).
 */
const afterWrapping =
  (deps: Deps, actor: ActorProfile) =>
  async <T>(result: T): Promise<T> => {
    await dropEscrowWhenDone(deps.db, actor.id);
    return result;
  };

/** Wraps more of the address's items for the owner's key `id` (replacing any wrap they had). */
export function wrapBeneficiaryItems(
  deps: Deps,
  actor: ActorProfile,
  { id, input }: { id: string; input: WrapItemsInput },
) {
  return asOwner(deps, actor, async (tx) => {
    const key = await loadOwnKey(tx, actor, { id, forWrapping: true });
    await requireItemsOf(tx, { userId: actor.id, email: key.email, items: input.items });
    await wrapItems(tx, { userId: actor.id, keyId: id, email: key.email, items: input.items });
    return { wrapped: new Set(input.items.map((i) => i.assetId)).size };
  }).then(afterWrapping(deps, actor));
}

/**
 * The owner handed the access key over, and/or chose that the service hold it. `handedOver` sets
 * the time again on every call: the owner may hand a key over more than once (a lost sheet
 * printed again), and the latest hand-over is the one the release plan page shows; each is audited.
 */
export function updateBeneficiaryKey(
  deps: Deps,
  actor: ActorProfile,
  { id, input, ip }: { id: string; input: UpdateBeneficiaryKeyInput; ip: string },
) {
  const changes: KeyChanges = {};
  if (input.handedOver) changes.handedOverAt = deps.clock.now();
  if (input.escrowAccessKey)
    changes.escrowShare = sealShare(deps.shareSealers.escrow, id, input.escrowAccessKey);
  return asOwner(deps, actor, async (tx) => {
    const key = await loadOwnKey(tx, actor, { id, forWrapping: false });
    if ((await updateKey(tx, { userId: actor.id, id, changes })).length === 0)
      throw new AppError("NOT_FOUND", KEYS_MSG.keyNotFound);
    const event = {
      actorId: actor.id,
      ...subject(id),
      ownerId: actor.id,
      ip,
      details: { beneficiary: key.email },
    };
    if (changes.handedOverAt)
      await recordAudit(tx, { ...event, action: "keys.access_key_handed_over" });
    if (changes.escrowShare) await recordAudit(tx, { ...event, action: "keys.escrow_chosen" });
    return keyView(tx, actor.id, id);
  });
}

/**
 * Inside an asset's transaction (server/assets/beneficiary-wrap.ts): the beneficiary key `id`,
 * locked FOR SHARE until that transaction ends, so a re-issue cannot delete it under a new wrap.
 */
export const lockKeyForWrap = (tx: Tx, id: string) => selectKeyRefForShare(tx, id);
