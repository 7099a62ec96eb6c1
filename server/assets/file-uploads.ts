import { randomUUID } from "node:crypto";
import { ASSET_MSG, FILE_KIND_ASSET_TYPE } from "../../common/assets.js";
import { type AssetFileKind, type FileTypeRule } from "../../common/assets/files.js";
import {
  CHUNKED_FILE_KINDS,
  CHUNKED_FILE_MAX_BYTES,
  chunkCiphertextBytes,
  chunkCountOf,
  chunkedCiphertextBytes,
  type CreateFileUploadInput,
  FILE_CHUNK_PLAIN_BYTES,
  FILE_UPLOAD_MSG,
  type FileUploadView,
} from "../../common/assets/file-uploads.js";
import type { ActorProfile } from "../access.js";
import type { BlobStore, ChunkBody } from "../blobs/blob-store.js";
import { withActor } from "../db/actor.js";
import type { Tx } from "../db/client.js";
import type { Deps } from "../deps.js";
import { AppError } from "../errors.js";
import { claimBlob, dropBlob, renewBlobClaim } from "../storage/blob-sweep.js";
import { chunkStoreFor } from "../storage/file-bodies.js";
import { requireFileTypeRule } from "./file-rules.js";
import { replaceFile } from "./file-versions.js";
import { updateAssetRow } from "./queries.js";
import { loadOwnAsset, recordItemEvent } from "./service.js";
import { insertFileUpload, selectFileUpload } from "./upload-queries.js";

/*
 * Files uploaded in encrypted chunks, resumable (docs/decisions/108-chunked-uploads.md): create
 * an upload, PUT its chunks in order (a chunk already stored may come again), ask what is stored,
 * complete. The upload's id is its blob's id; its claim (decision 090) puts the chunks of an
 * abandoned upload back to the sweep.
 */

/** One upload to one file of an asset. */
export type FileUploadRef = { assetId: string; kind: AssetFileKind; uploadId: string };

/** The type rule of a file uploaded in chunks: the spec's types, up to CHUNKED_FILE_MAX_BYTES each. */
function chunkedTypeRule(kind: AssetFileKind, declaredType: string): FileTypeRule {
  if (!CHUNKED_FILE_KINDS.includes(kind)) throw new AppError("NOT_FOUND");
  return { ...requireFileTypeRule(kind, declaredType), maxBytes: CHUNKED_FILE_MAX_BYTES };
}

/**
 * How many chunks from 0 on are stored whole, without a gap: the next one the upload takes. A
 * chunk of the wrong size (a write cut off in a store that keeps what it got) counts as missing.
 */
async function storedRun(store: BlobStore, upload: { id: string; size: number }) {
  const chunks = await store.listChunkSizes(upload.id);
  let n = 0;
  while (chunks[n]?.[0] === n && chunks[n]?.[1] === chunkCiphertextBytes(upload.size, n)) n++;
  return n;
}

const viewOf = (
  upload: { id: string; size: number; chunkCount: number },
  storedChunks: number,
): FileUploadView => ({
  uploadId: upload.id,
  size: upload.size,
  chunkBytes: FILE_CHUNK_PLAIN_BYTES,
  chunkCount: upload.chunkCount,
  storedChunks,
});

/** The actor's upload (404 for a missing one and another's alike), with its asset checked. */
function loadUpload(deps: Deps, actor: ActorProfile, { assetId, kind, uploadId }: FileUploadRef) {
  return withActor(deps.db, { userId: actor.id }, async (tx) => {
    await loadOwnAsset(tx, actor, assetId);
    const upload = await selectFileUpload(tx, { id: uploadId, assetId, kind });
    if (!upload) throw new AppError("NOT_FOUND");
    return upload;
  });
}

/** Opens an upload of a file of `size` plaintext bytes; its blob is claimed before anything else. */
export async function createFileUpload(
  deps: Deps,
  actor: ActorProfile,
  { assetId, kind, input }: { assetId: string; kind: AssetFileKind; input: CreateFileUploadInput },
): Promise<FileUploadView> {
  const rule = chunkedTypeRule(kind, input.contentType);
  if (input.size > rule.maxBytes) throw new AppError("PAYLOAD_TOO_LARGE", FILE_UPLOAD_MSG.tooLarge);
  const upload = {
    id: randomUUID(),
    assetId,
    kind,
    contentType: rule.type,
    size: input.size,
    chunkCount: chunkCountOf(input.size),
  };
  const checkTarget = async (tx: Tx) => {
    const asset = await loadOwnAsset(tx, actor, assetId);
    if (FILE_KIND_ASSET_TYPE[kind] !== asset.type)
      throw new AppError("VALIDATION", ASSET_MSG.fileKindMismatch);
  };
  // Checked before the claim too, so that a refused upload writes nothing.
  await withActor(deps.db, { userId: actor.id }, checkTarget);
  await claimBlob(deps, upload.id);
  try {
    await withActor(deps.db, { userId: actor.id }, async (tx) => {
      await checkTarget(tx);
      await insertFileUpload(tx, upload);
    });
  } catch (err) {
    await dropBlob(deps, upload.id);
    throw err;
  }
  return viewOf(upload, 0);
}

/** What the server holds of an upload, for a browser that resumes it. */
export async function getFileUpload(deps: Deps, actor: ActorProfile, ref: FileUploadRef) {
  const upload = await loadUpload(deps, actor, ref);
  return viewOf(upload, await storedRun(chunkStoreFor(deps).store, upload));
}

/**
 * Stores chunk `index` of an upload, streamed from the request into the store (never more than
 * the chunk): only the next one expected or one already stored (a retry), of exactly its size.
 * Acknowledged once the store holds it, so a crash after the answer loses nothing.
 */
export async function putFileChunk(
  deps: Deps,
  actor: ActorProfile,
  {
    index,
    declaredBytes,
    readBody,
    ...ref
  }: FileUploadRef & {
    index: number;
    declaredBytes: number | null;
    readBody: (size: number) => { body: ChunkBody; isWrongSize: () => boolean };
  },
): Promise<FileUploadView> {
  const upload = await loadUpload(deps, actor, ref);
  if (index >= upload.chunkCount) throw new AppError("VALIDATION", FILE_UPLOAD_MSG.noSuchChunk);
  const expected = chunkCiphertextBytes(upload.size, index);
  if (declaredBytes !== null && declaredBytes !== expected)
    throw new AppError("VALIDATION", FILE_UPLOAD_MSG.wrongSize(expected));
  const { store } = chunkStoreFor(deps);
  const next = await storedRun(store, upload);
  if (index > next) throw new AppError("CONFLICT", FILE_UPLOAD_MSG.outOfOrder);
  await renewBlobClaim(deps, upload.id);
  const { body, isWrongSize } = readBody(expected);
  try {
    await store.putChunk({ blobId: upload.id, index }, body);
  } catch (err) {
    if (isWrongSize()) throw new AppError("VALIDATION", FILE_UPLOAD_MSG.wrongSize(expected));
    throw err;
  }
  return viewOf(upload, Math.max(next, index + 1));
}

/** An upload whose chunks are all stored (400 otherwise), with the store that holds them. */
export async function loadCompleteUpload(deps: Deps, actor: ActorProfile, ref: FileUploadRef) {
  const upload = await loadUpload(deps, actor, ref);
  const { name, store } = chunkStoreFor(deps);
  if ((await storedRun(store, upload)) < upload.chunkCount)
    throw new AppError("VALIDATION", FILE_UPLOAD_MSG.incomplete);
  return { ...ref, upload, storeName: name };
}
export type CompleteUpload = Awaited<ReturnType<typeof loadCompleteUpload>>;

/**
 * Inside the transaction that holds the asset's lock: the asset's file of this kind becomes the
 * uploaded one, replacing the one before as a single-body file does (a document's earlier file
 * kept as a version). The file row takes the blob's claim away, and the upload's row with it; an
 * upload gone meanwhile (taken by another request, or swept) is a 404.
 */
export async function takeUpload(tx: Tx, { assetId, kind, upload, storeName }: CompleteUpload) {
  if (!(await selectFileUpload(tx, { id: upload.id, assetId, kind })))
    throw new AppError("NOT_FOUND");
  const file = await replaceFile(tx, {
    assetId,
    kind,
    contentType: upload.contentType,
    blobId: upload.id,
    chunkedIn: storeName,
    size: chunkedCiphertextBytes(upload.size),
  });
  if (!file) throw new AppError("INTERNAL");
  return file;
}

/** Once every chunk is stored: the upload becomes the asset's file (takeUpload); the asset counts as updated. */
export async function completeFileUpload(deps: Deps, actor: ActorProfile, ref: FileUploadRef) {
  const complete = await loadCompleteUpload(deps, actor, ref);
  const { assetId } = ref;
  return withActor(deps.db, { userId: actor.id }, async (tx) => {
    const asset = await loadOwnAsset(tx, actor, assetId);
    if (!(await updateAssetRow(tx, assetId, {}))) throw new AppError("NOT_FOUND"); // locks the asset: a concurrent delete waits or wins
    const file = await takeUpload(tx, complete);
    await recordItemEvent(tx, actor, { action: "updated", id: assetId, type: asset.type });
    return file;
  });
}
