import {
  ASSET_CONTENTS_PAGE_SIZE,
  ASSET_MSG,
  type AssetContentsQuery,
  type AssetListQuery,
  type AssetTitlesInput,
  type AssetTitlesMovedView,
  type CreateAssetInput,
  type UpdateAssetInput,
} from "../../common/assets.js";
import { requireAccess, type ActorProfile } from "../access.js";
import { recordAudit } from "../audit/record.js";
import { withActor } from "../db/actor.js";
import type { Tx } from "../db/client.js";
import { WISHES_MSG } from "../../common/assets/wishes.js";
import { AppError, isUniqueViolation } from "../errors.js";
import type { Deps } from "../deps.js";
import { writeAssetBeneficiaries } from "./beneficiary-wrap.js";
import { syncRoleGrants } from "./role-grants.js";
import {
  deleteAssetRow,
  hasWishes,
  insertAsset,
  listAssetContents,
  listAssetBody,
  listFileMeta,
  selectAssetContent,
  sealClearTitles,
  selectAssetMeta,
  touchAssetLastUsed,
  updateAssetFavorite,
  updateAssetRow,
  type AssetChanges,
} from "./queries.js";

const asActor = <T>(deps: Deps, actor: ActorProfile, fn: (tx: Tx) => Promise<T>) =>
  withActor(deps.db, { userId: actor.id }, fn);
const bytes = (base64: string) => Buffer.from(base64, "base64");

/**
 * An item created, changed or deleted, on its owner's activity timeline (docs/decisions/040): its
 * id and type only. Never the title (the timeline shows the current title while the item exists),
 * never the content, the key or a beneficiary's address.
 */
export function recordItemEvent(
  tx: Tx,
  actor: ActorProfile,
  event: { action: "created" | "updated" | "deleted"; id: string; type: string },
) {
  return recordAudit(tx, {
    actorId: actor.id,
    action: `asset.${event.action}`,
    subjectType: "asset",
    subjectId: event.id,
    ownerId: actor.id,
    details: { type: event.type },
  });
}

/** The actor's own asset, or 404 (a missing asset and someone else's answer alike). */
export async function loadOwnAsset(tx: Tx, actor: ActorProfile, id: string) {
  const row = await selectAssetMeta(tx, id);
  if (!row) throw new AppError("NOT_FOUND");
  requireAccess(actor, "vault:own", { ownerId: row.userId });
  return row;
}

/** Newest updated first, with each asset's file types and sizes, as JSON text; no keys, no content. */
export const listAssets = (deps: Deps, actor: ActorProfile, query: AssetListQuery) =>
  asActor(deps, actor, (tx) => listAssetBody(tx, actor.id, query));

/**
 * One page of the actor's wrapped content keys and encrypted contents (their own only), for the
 * browser to open its lists and search; `next` is the last id when more follow.
 */
export function listContents(deps: Deps, actor: ActorProfile, query: AssetContentsQuery) {
  return asActor(deps, actor, async (tx) => {
    const rows = await listAssetContents(tx, actor.id, query);
    const page = rows.slice(0, ASSET_CONTENTS_PAGE_SIZE);
    const next = rows.length > ASSET_CONTENTS_PAGE_SIZE ? (page.at(-1)?.id ?? null) : null;
    return { contents: page, next };
  });
}

/** One asset with its wrapped content key and encrypted content. */
export function getAsset(deps: Deps, actor: ActorProfile, id: string) {
  return asActor(deps, actor, async (tx) => {
    const row = await loadOwnAsset(tx, actor, id);
    const content = await selectAssetContent(tx, id);
    if (!content) throw new AppError("NOT_FOUND");
    return { row, files: await listFileMeta(tx, id), content };
  });
}

/** Only a document can be marked "for my legal contact" (decision 091). */
function requireMarkable(type: string, isForLegalContact: boolean | undefined) {
  if (isForLegalContact && type !== "document")
    throw new AppError("VALIDATION", ASSET_MSG.legalContactDocumentsOnly);
}

export async function createAsset(deps: Deps, actor: ActorProfile, input: CreateAssetInput) {
  requireAccess(actor, "vault:own", { ownerId: actor.id });
  requireMarkable(input.type, input.isForLegalContact);
  const row = await asActor(deps, actor, async (tx) => {
    // one final wishes item per owner (decision 097; the unique index settles a race)
    if (input.type === "wishes" && (await hasWishes(tx, actor.id)))
      throw new AppError("CONFLICT", WISHES_MSG.onlyOne);
    const row = await insertAsset(tx, {
      id: input.id,
      userId: actor.id,
      type: input.type,
      encryptedTitle: bytes(input.encryptedTitle),
      wrappedKey: bytes(input.wrappedKey),
      encryptedData: bytes(input.encryptedData),
      isForLegalContact: input.isForLegalContact ?? false,
    });
    if (!row) return null;
    await writeAssetBeneficiaries(tx, actor, {
      assetId: row.id,
      current: [],
      emails: input.beneficiaryEmails,
      keys: input.beneficiaryKeys,
      isContentKeyNew: false,
      newCatalogue: input.catalogue,
    });
    for (const p of input.catalogue ?? [])
      await recordAudit(tx, {
        actorId: actor.id,
        action: "asset.access_changed",
        subjectType: "asset",
        subjectId: row.id,
        ownerId: actor.id,
        details: { type: row.type, beneficiary: p.email, access: "catalogue" },
      });
    // An estate entry goes to the executors, a marked document to the legal contacts (pending).
    if (row.type === "estate" || row.isForLegalContact) await syncRoleGrants(tx, actor.id);
    await recordItemEvent(tx, actor, { action: "created", id: row.id, type: row.type });
    return selectAssetMeta(tx, row.id); // with its beneficiaries and role grants as written
  }).catch((err: unknown) => {
    if (isUniqueViolation(err)) throw new AppError("CONFLICT", ASSET_MSG.idTaken);
    throw err;
  });
  if (!row) throw new AppError("INTERNAL");
  return { row, files: [] };
}

/** Spec 02 §5 update rules (see updateAssetSchema) as the row's changes. */
export function assetChangesOf(input: UpdateAssetInput): AssetChanges {
  const changes: AssetChanges = {};
  if (input.encryptedTitle) {
    changes.encryptedTitle = bytes(input.encryptedTitle);
    changes.title = null; // sealed from now on (docs/decisions/080)
  }
  if (input.encryptedData) changes.encryptedData = bytes(input.encryptedData);
  if (input.wrappedKey) changes.wrappedKey = bytes(input.wrappedKey);
  if (input.isForLegalContact !== undefined) changes.isForLegalContact = input.isForLegalContact;
  return changes;
}

/**
 * Spec 02 §5 update rules (see updateAssetSchema); updated_at always moves. The beneficiaries and
 * their wraps follow writeAssetBeneficiaries (docs/decisions/032, 053).
 */
export function updateAsset(
  deps: Deps,
  actor: ActorProfile,
  { id, input }: { id: string; input: UpdateAssetInput },
) {
  const changes = assetChangesOf(input);
  return asActor(deps, actor, async (tx) => {
    const current = await loadOwnAsset(tx, actor, id);
    requireMarkable(current.type, input.isForLegalContact);
    await writeBeneficiariesOfUpdate(tx, actor, { current, input });
    let row = await updateAssetRow(tx, id, changes);
    if (!row) throw new AppError("NOT_FOUND");
    const isMarkChanged =
      input.isForLegalContact !== undefined &&
      input.isForLegalContact !== current.isForLegalContact;
    if (isMarkChanged) {
      await syncRoleGrants(tx, actor.id); // the legal contacts gain or lose this document
      row = (await selectAssetMeta(tx, id)) ?? row;
    }
    await recordItemEvent(tx, actor, { action: "updated", id, type: current.type });
    return { row, files: await listFileMeta(tx, id) };
  });
}

/** An update's beneficiaries and wraps (also PUT …/files): see writeAssetBeneficiaries. */
export const writeBeneficiariesOfUpdate = (
  tx: Tx,
  actor: ActorProfile,
  {
    current,
    input,
  }: {
    current: { id: string; beneficiaryEmails: string[] };
    input: Pick<UpdateAssetInput, "beneficiaryEmails" | "beneficiaryKeys" | "wrappedKey">;
  },
) =>
  writeAssetBeneficiaries(tx, actor, {
    assetId: current.id,
    current: current.beneficiaryEmails,
    emails: input.beneficiaryEmails,
    keys: input.beneficiaryKeys,
    isContentKeyNew: !!input.wrappedKey,
  });

/**
 * POST /api/assets/titles, the move-over (docs/decisions/080): the actor's own items that still
 * have a clear title get their sealed title; every other id (someone else's, sealed already,
 * missing) is skipped and counted, never named. Nothing is audited per item: the titles' content
 * and updated_at do not change for the owner.
 */
export function moveTitles(
  deps: Deps,
  actor: ActorProfile,
  input: AssetTitlesInput,
): Promise<AssetTitlesMovedView> {
  requireAccess(actor, "vault:own", { ownerId: actor.id });
  const titles = input.titles.map((t) => ({ id: t.id, encryptedTitle: bytes(t.encryptedTitle) }));
  return asActor(deps, actor, async (tx) => {
    const moved = (await sealClearTitles(tx, actor.id, titles)).length;
    return { moved, skipped: input.titles.length - moved };
  });
}

/** The star toggle of the actor's own asset (404 for anyone else's); updated_at stays. */
export function setFavorite(
  deps: Deps,
  actor: ActorProfile,
  { id, isFavorite }: { id: string; isFavorite: boolean },
) {
  return asActor(deps, actor, async (tx) => {
    await loadOwnAsset(tx, actor, id);
    const row = await updateAssetFavorite(tx, id, isFavorite);
    if (!row) throw new AppError("NOT_FOUND");
    return { row, files: await listFileMeta(tx, id) };
  });
}

/** The owner copied from or opened their asset: "recently used" (at most one write a minute). */
export function markUsed(deps: Deps, actor: ActorProfile, id: string) {
  return asActor(deps, actor, async (tx) => {
    await loadOwnAsset(tx, actor, id);
    await touchAssetLastUsed(tx, id);
  });
}

/** Deletes the asset and (by cascade) its files. */
export function deleteAsset(deps: Deps, actor: ActorProfile, id: string) {
  return asActor(deps, actor, async (tx) => {
    const current = await loadOwnAsset(tx, actor, id);
    await deleteAssetRow(tx, id);
    await recordItemEvent(tx, actor, { action: "deleted", id, type: current.type });
  });
}
