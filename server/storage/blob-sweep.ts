import type { Deps } from "../deps.js";
import { createDatabaseStore } from "../blobs/database-store.js";
import {
  deleteBlobSweep,
  insertBlobSweep,
  listDueBlobSweeps,
  updateBlobSweepDue,
} from "./sweep-queries.js";

/** How long an upload may take between its first object and its commit before the sweep takes the objects. */
export const BLOB_CLAIM_MS = 24 * 60 * 60 * 1000;
/** Blobs deleted per sweep; the rest wait for the next one. */
const SWEEP_BATCH = 500;

/** Before an upload's first object: the blob is swept after BLOB_CLAIM_MS unless a file row takes it. */
export const claimBlob = (deps: Pick<Deps, "db">, blobId: string) =>
  insertBlobSweep(deps.db, blobId, new Date(Date.now() + BLOB_CLAIM_MS));

/** While an upload in chunks stays open (docs/decisions/108): its claim runs BLOB_CLAIM_MS from now. */
export const renewBlobClaim = (deps: Pick<Deps, "db">, blobId: string) =>
  updateBlobSweepDue(deps.db, blobId, new Date(Date.now() + BLOB_CLAIM_MS));

/** Deletes a blob from every store that may hold it: the object store and the database's chunks (decision 108). */
async function deleteEverywhere(deps: Pick<Deps, "db" | "files">, blobId: string) {
  await deps.files.blobs?.deleteBlob(blobId);
  await createDatabaseStore(deps.db).deleteBlob(blobId);
}

/**
 * Deletes every blob that no file row holds any more and whose time has come (docs/decisions/090;
 * an abandoned upload in chunks, decision 108): the objects first, then the row, so a failure
 * leaves it for the next sweep. Returns how many blobs were deleted.
 */
export async function sweepBlobs(deps: Pick<Deps, "db" | "files" | "log">): Promise<number> {
  let deleted = 0;
  for (const { blobId } of await listDueBlobSweeps(deps.db, new Date(), SWEEP_BATCH)) {
    try {
      await deleteEverywhere(deps, blobId);
      await deleteBlobSweep(deps.db, blobId);
      deleted++;
    } catch (err) {
      deps.log.warn(`could not delete blob ${blobId}: ${String(err)}`);
    }
  }
  return deleted;
}

/** After a failed transaction: the blob it would have held goes now rather than a day later. */
export async function dropBlob(deps: Pick<Deps, "db" | "files" | "log">, blobId: string) {
  try {
    await deleteEverywhere(deps, blobId);
    await deleteBlobSweep(deps.db, blobId);
  } catch (err) {
    deps.log.warn(`blob ${blobId} left for the sweep: ${String(err)}`);
  }
}
