import {
  ASSET_MSG,
  type AssetListQuery,
  type CreateAssetInput,
  type UpdateAssetInput,
} from "../../common/assets.js";
import { requireAccess, type ActorProfile } from "../access.js";
import { withActor } from "../db/actor.js";
import type { Tx } from "../db/client.js";
import { AppError, isUniqueViolation } from "../errors.js";
import type { Deps } from "../deps.js";
import { beneficiaryWrapChanges, requireBeneficiaryWrap } from "./beneficiary-wrap.js";
import {
  deleteAssetRow,
  insertAsset,
  listAssetEntries,
  listFileMeta,
  selectAssetContent,
  selectAssetMeta,
  updateAssetRow,
  type AssetChanges,
} from "./queries.js";

const asActor = <T>(deps: Deps, actor: ActorProfile, fn: (tx: Tx) => Promise<T>) =>
  withActor(deps.db, { userId: actor.id }, fn);
const bytes = (base64: string) => Buffer.from(base64, "base64");

/** The actor's own asset, or 404 (a missing asset and someone else's answer alike). */
export async function loadOwnAsset(tx: Tx, actor: ActorProfile, id: string) {
  const row = await selectAssetMeta(tx, id);
  if (!row) throw new AppError("NOT_FOUND");
  requireAccess(actor, "vault:own", { ownerId: row.userId });
  return row;
}

/** Newest updated first, with each asset's file types and sizes, as JSON text; no keys, no content. */
export const listAssets = (deps: Deps, actor: ActorProfile, query: AssetListQuery) =>
  asActor(deps, actor, (tx) => listAssetEntries(tx, actor.id, query));

/** One asset with its wrapped content key and encrypted content. */
export function getAsset(deps: Deps, actor: ActorProfile, id: string) {
  return asActor(deps, actor, async (tx) => {
    const row = await loadOwnAsset(tx, actor, id);
    const content = await selectAssetContent(tx, id);
    if (!content) throw new AppError("NOT_FOUND");
    return { row, files: await listFileMeta(tx, id), content };
  });
}

export async function createAsset(deps: Deps, actor: ActorProfile, input: CreateAssetInput) {
  requireAccess(actor, "vault:own", { ownerId: actor.id });
  const row = await asActor(deps, actor, async (tx) => {
    const wrap = input.beneficiaryKey
      ? await requireBeneficiaryWrap(tx, actor, {
          email: input.beneficiaryEmail,
          wrap: input.beneficiaryKey,
        })
      : {};
    return insertAsset(tx, {
      id: input.id,
      userId: actor.id,
      type: input.type,
      title: input.title,
      beneficiaryEmail: input.beneficiaryEmail,
      wrappedKey: bytes(input.wrappedKey),
      encryptedData: bytes(input.encryptedData),
      ...wrap,
    });
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
  if (input.title) changes.title = input.title;
  if (input.beneficiaryEmail !== undefined) changes.beneficiaryEmail = input.beneficiaryEmail;
  if (input.encryptedData) changes.encryptedData = bytes(input.encryptedData);
  if (input.wrappedKey) changes.wrappedKey = bytes(input.wrappedKey);
  return changes;
}

/**
 * Spec 02 §5 update rules (see updateAssetSchema); updated_at always moves. The beneficiary wrap
 * follows beneficiaryWrapChanges (docs/decisions/032).
 */
export function updateAsset(
  deps: Deps,
  actor: ActorProfile,
  { id, input }: { id: string; input: UpdateAssetInput },
) {
  const changes = assetChangesOf(input);
  return asActor(deps, actor, async (tx) => {
    const current = await loadOwnAsset(tx, actor, id);
    const wrap = await beneficiaryWrapChanges(tx, actor, { current, input });
    const row = await updateAssetRow(tx, id, { ...changes, ...wrap });
    if (!row) throw new AppError("NOT_FOUND");
    return { row, files: await listFileMeta(tx, id) };
  });
}

/** Deletes the asset and (by cascade) its files. */
export function deleteAsset(deps: Deps, actor: ActorProfile, id: string) {
  return asActor(deps, actor, async (tx) => {
    await loadOwnAsset(tx, actor, id);
    await deleteAssetRow(tx, id);
  });
}
