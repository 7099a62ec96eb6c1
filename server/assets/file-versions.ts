import {
  type AssetFileKind,
  type AssetFileVersionsView,
  FILE_VERSIONS_KEPT,
  VERSIONED_FILE_KINDS,
} from "../../common/assets/files.js";
import type { ActorProfile } from "../access.js";
import { withActor } from "../db/actor.js";
import type { Tx } from "../db/client.js";
import { AppError } from "../errors.js";
import type { Deps } from "../deps.js";
import { upsertFile, type AssetFileRef, type StoredFileRow } from "./file-queries.js";
import {
  copyFileToVersion,
  deleteVersionsBeyond,
  listVersionMeta,
  selectCurrentFileMeta,
  selectVersionBlob,
  selectVersionData,
} from "./file-version-queries.js";
import { readBody, uploadIdOf } from "../storage/file-bodies.js";
import { presentFileVersions } from "./present.js";
import { loadOwnAsset } from "./service.js";

/* A document's earlier files (docs/decisions/049-document-versions.md). */

/**
 * Stores the asset's file of this kind (as upsertFile). For a versioned kind the file it replaces
 * is kept first as an earlier version, and the oldest past FILE_VERSIONS_KEPT dropped.
 */
export async function replaceFile(tx: Tx, file: StoredFileRow) {
  if (VERSIONED_FILE_KINDS.includes(file.kind)) {
    await copyFileToVersion(tx, file.assetId, file.kind);
    await deleteVersionsBeyond(tx, {
      assetId: file.assetId,
      kind: file.kind,
      keep: FILE_VERSIONS_KEPT,
    });
  }
  return upsertFile(tx, file);
}

const requireVersioned = (kind: AssetFileKind) => {
  if (!VERSIONED_FILE_KINDS.includes(kind)) throw new AppError("NOT_FOUND");
};

/** The file's versions for its owner: the current one, then the earlier ones, newest first. */
export function listFileVersions(
  deps: Deps,
  actor: ActorProfile,
  { assetId, kind }: AssetFileRef,
): Promise<AssetFileVersionsView> {
  requireVersioned(kind);
  return withActor(deps.db, { userId: actor.id }, async (tx) => {
    await loadOwnAsset(tx, actor, assetId);
    const current = await selectCurrentFileMeta(tx, assetId, kind);
    const earlier = await listVersionMeta(tx, assetId, kind);
    return presentFileVersions({ current, earlier });
  });
}

/** An earlier version's ciphertext, for its owner's browser to decrypt (same content key). */
export function getFileVersion(
  deps: Deps,
  actor: ActorProfile,
  { assetId, kind, versionId }: AssetFileRef & { versionId: string },
) {
  requireVersioned(kind);
  return withActor(deps.db, { userId: actor.id }, async (tx) => {
    await loadOwnAsset(tx, actor, assetId);
    const version = await selectVersionBlob(tx, { assetId, kind, versionId });
    const bytes =
      version &&
      (await readBody(deps, version, () => selectVersionData(tx, { assetId, kind, versionId })));
    if (!version || !bytes) throw new AppError("NOT_FOUND");
    return { bytes, uploadId: uploadIdOf(version) };
  });
}
