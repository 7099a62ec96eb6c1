import {
  ASSET_MSG,
  FILE_KIND_ASSET_TYPE,
  type UpdateAssetFilesInput,
} from "../../common/assets.js";
import { type AssetFileKind, fileTooLargeMessage } from "../../common/assets/files.js";
import { GCM_OVERHEAD_BYTES } from "../../common/ciphertext.js";
import type { ActorProfile } from "../access.js";
import { withActor } from "../db/actor.js";
import type { Tx } from "../db/client.js";
import { AppError } from "../errors.js";
import type { Deps } from "../deps.js";
import { maxCiphertextBytes, requireFileTypeRule } from "./file-rules.js";
import {
  dropBodies,
  type FileBody,
  readBody,
  storeBody,
  type StoredFile,
  uploadIdOf,
  withStoredBodies,
} from "../storage/file-bodies.js";
import {
  deleteFileRow,
  selectFileBlob,
  selectFileData,
  type AssetFileRef,
} from "./file-queries.js";
import { type CompleteUpload, loadCompleteUpload, takeUpload } from "./file-uploads.js";
import { replaceFile } from "./file-versions.js";
import { listFileMeta, updateAssetRow } from "./queries.js";
import {
  assetChangesOf,
  loadOwnAsset,
  recordItemEvent,
  writeBeneficiariesOfUpdate,
} from "./service.js";

/**
 * A file of the body: its type as the vault's rules name it and its ciphertext, or an upload in
 * chunks already stored (docs/decisions/108); null removes the stored one.
 */
export type FilePart = { contentType: string; data: Buffer } | { uploadId: string } | null;
export type FileParts = Partial<Record<AssetFileKind, FilePart>>;

/** One file of an asset. */

/** Before any byte of an upload is read: the asset is the actor's and takes these kinds of file. */
export async function checkUploadTarget(
  deps: Deps,
  actor: ActorProfile,
  { assetId, kinds }: { assetId: string; kinds: AssetFileKind[] },
) {
  const asset = await withActor(deps.db, { userId: actor.id }, (tx) =>
    loadOwnAsset(tx, actor, assetId),
  );
  if (kinds.some((kind) => FILE_KIND_ASSET_TYPE[kind] !== asset.type))
    throw new AppError("VALIDATION", ASSET_MSG.fileKindMismatch);
}

/** Stores (or replaces) the asset's encrypted file of this kind; the asset counts as updated. */
export async function putAssetFile(
  deps: Deps,
  actor: ActorProfile,
  {
    assetId,
    kind,
    declaredType,
    data,
  }: { assetId: string; kind: AssetFileKind; declaredType: string; data: Buffer },
) {
  const rule = requireFileTypeRule(kind, declaredType);
  if (data.length > maxCiphertextBytes(rule))
    throw new AppError("PAYLOAD_TOO_LARGE", fileTooLargeMessage(kind, rule));
  if (data.length < GCM_OVERHEAD_BYTES) throw new AppError("VALIDATION", ASSET_MSG.notCiphertext);
  const body = await storeBody(deps, data);
  return withStoredBodies(deps, [body], () =>
    withActor(deps.db, { userId: actor.id }, async (tx) => {
      const asset = await loadOwnAsset(tx, actor, assetId);
      if (FILE_KIND_ASSET_TYPE[kind] !== asset.type)
        throw new AppError("VALIDATION", ASSET_MSG.fileKindMismatch);
      if (!(await updateAssetRow(tx, assetId, {}))) throw new AppError("NOT_FOUND"); // locks the asset: a concurrent delete waits or wins
      const file = await replaceFile(tx, { assetId, kind, contentType: rule.type, ...body });
      if (!file) throw new AppError("INTERNAL");
      await recordItemEvent(tx, actor, { action: "updated", id: assetId, type: asset.type });
      return file;
    }),
  );
}

/**
 * An update (as updateAsset) together with the files that its new content describes, in one
 * transaction: every new file stored, every removed one deleted and the content replaced, or none
 * of it, so the content never names a file it does not hold (docs/decisions/009).
 */
export async function updateAssetWithFiles(
  deps: Deps,
  actor: ActorProfile,
  { assetId, input, files }: { assetId: string; input: UpdateAssetFilesInput; files: FileParts },
) {
  const parts = Object.entries(files) as [AssetFileKind, FileParts[AssetFileKind]][];
  const uploads = new Map<AssetFileKind, CompleteUpload>();
  for (const [kind, part] of parts)
    if (part && "uploadId" in part)
      uploads.set(kind, await loadCompleteUpload(deps, actor, { assetId, kind, ...part }));
  const bodies = new Map<AssetFileKind, FileBody>();
  try {
    for (const [kind, part] of parts)
      if (part && "data" in part) bodies.set(kind, await storeBody(deps, part.data));
  } catch (err) {
    await dropBodies(deps, [...bodies.values()]);
    throw err;
  }
  return withStoredBodies(deps, [...bodies.values()], () =>
    withActor(deps.db, { userId: actor.id }, async (tx) => {
      const asset = await loadOwnAsset(tx, actor, assetId);
      await writeBeneficiariesOfUpdate(tx, actor, { current: asset, input });
      for (const [kind, part] of parts) {
        if (FILE_KIND_ASSET_TYPE[kind] !== asset.type)
          throw new AppError("VALIDATION", ASSET_MSG.fileKindMismatch);
        const body = bodies.get(kind);
        const upload = uploads.get(kind);
        if (part && "data" in part && body)
          await replaceFile(tx, { assetId, kind, contentType: part.contentType, ...body });
        else if (upload) await takeUpload(tx, upload);
        else await deleteFileRow(tx, assetId, kind);
      }
      const row = await updateAssetRow(tx, assetId, assetChangesOf(input));
      if (!row) throw new AppError("NOT_FOUND");
      await recordItemEvent(tx, actor, { action: "updated", id: assetId, type: asset.type });
      return { row, files: await listFileMeta(tx, assetId) };
    }),
  );
}

/** The file's ciphertext, for its owner's browser to decrypt (streamed when the object store holds it). */
export function getAssetFile(deps: Deps, actor: ActorProfile, { assetId, kind }: AssetFileRef) {
  return withActor(deps.db, { userId: actor.id }, async (tx) => {
    await loadOwnAsset(tx, actor, assetId);
    const file = await readFileBytes(deps, tx, assetId, kind);
    if (!file) throw new AppError("NOT_FOUND");
    return file;
  });
}

/**
 * Inside another domain's system transaction (legacy: a released item's file): the file's bytes,
 * read piece by piece or streamed from the object store, or null. The caller has checked that its
 * reader may have them.
 */
export async function readFileBytes(
  deps: Pick<Deps, "db" | "files">,
  tx: Tx,
  assetId: string,
  kind: AssetFileKind,
): Promise<StoredFile | null> {
  const file = await selectFileBlob(tx, assetId, kind);
  const bytes = file && (await readBody(deps, file, () => selectFileData(tx, assetId, kind)));
  return file && bytes && { bytes, uploadId: uploadIdOf(file) };
}

export function deleteAssetFile(deps: Deps, actor: ActorProfile, { assetId, kind }: AssetFileRef) {
  return withActor(deps.db, { userId: actor.id }, async (tx) => {
    const asset = await loadOwnAsset(tx, actor, assetId);
    if ((await deleteFileRow(tx, assetId, kind)).length === 0) throw new AppError("NOT_FOUND");
    await updateAssetRow(tx, assetId, {});
    await recordItemEvent(tx, actor, { action: "updated", id: assetId, type: asset.type });
  });
}
