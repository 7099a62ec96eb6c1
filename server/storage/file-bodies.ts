import { randomUUID } from "node:crypto";
import type { Deps } from "../deps.js";
import { AppError } from "../errors.js";
import type { BlobStore, ChunkStoreName, StoredBytes } from "../blobs/blob-store.js";
import { createDatabaseStore } from "../blobs/database-store.js";
import { claimBlob, dropBlob } from "./blob-sweep.js";

/*
 * Where a file's ciphertext goes (docs/decisions/090-file-store.md): the vault's files and the
 * executor's task proofs alike. With FILE_STORE=s3 the bytes are written to the object store
 * before the transaction that records the file, under a new opaque blob id claimed first (so a
 * crash leaves nothing behind for long); the file row then holds the blob id. Without, they stay
 * in the database, inside that transaction.
 */

/**
 * The size of a file's pieces: the database's (migration 0015, docs/decisions/015-file-chunks.md)
 * and the object store's chunks alike; every statement or object carries at most one.
 */
export const FILE_CHUNK_BYTES = 1024 * 1024;

/** A file's ciphertext on its way in: `blobId` set when its bytes are already in the object store. */
export type FileBody = { data: Buffer; blobId: string | null };

/** Writes the ciphertext to the object store when that is where files go; otherwise leaves it for the database. */
export async function storeBody(deps: Deps, data: Buffer): Promise<FileBody> {
  const { blobs, isS3 } = deps.files;
  if (!isS3 || !blobs) return { data, blobId: null };
  const blobId = randomUUID();
  await claimBlob(deps, blobId);
  try {
    for (let index = 0; index * FILE_CHUNK_BYTES < data.length; index++) {
      const piece = data.subarray(index * FILE_CHUNK_BYTES, (index + 1) * FILE_CHUNK_BYTES);
      await blobs.putChunk({ blobId, index }, piece);
    }
  } catch (err) {
    await dropBlob(deps, blobId);
    throw err;
  }
  return { data, blobId };
}

/**
 * Runs `fn` (the transaction that records the files) with their bodies already stored; when it
 * fails, the objects it would have held are deleted at once.
 */
export async function withStoredBodies<T>(
  deps: Deps,
  bodies: FileBody[],
  fn: () => Promise<T>,
): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    await dropBodies(deps, bodies);
    throw err;
  }
}

/** Deletes the objects of bodies that no file row will hold (a failed upload). */
export async function dropBodies(deps: Deps, bodies: FileBody[]) {
  for (const { blobId } of bodies) if (blobId) await dropBlob(deps, blobId);
}

/**
 * Where a file uploaded in chunks goes (docs/decisions/108): the object store with FILE_STORE=s3,
 * else the database's blob store. Its row records which, so that reads follow the row.
 */
export function chunkStoreFor(deps: Pick<Deps, "db" | "files">): {
  name: ChunkStoreName;
  store: BlobStore;
} {
  const { blobs, isS3 } = deps.files;
  return isS3 && blobs
    ? { name: "s3", store: blobs }
    : { name: "postgres", store: createDatabaseStore(deps.db) };
}

/** A stored file's row as readBody needs it: the blob that holds it, and the store of its chunks. */
export type StoredFileRef = { blobId: string | null; chunkedIn?: ChunkStoreName | null };

/**
 * A stored file's bytes: a file uploaded in chunks streamed from the store its row names; else
 * streamed from the object store when its row names a blob; else its database pieces.
 */
export async function readBody(
  deps: Pick<Deps, "db" | "files">,
  file: StoredFileRef,
  readPieces: () => Promise<Buffer | null>,
): Promise<StoredBytes | null> {
  if (!file.blobId) return readPieces();
  if (file.chunkedIn === "postgres") return createDatabaseStore(deps.db).readBlob(file.blobId);
  const { blobs } = deps.files;
  if (!blobs) throw new AppError("INTERNAL"); // a file written to S3, and S3_BUCKET since removed
  return blobs.readBlob(file.blobId);
}

/** A stored file's bytes with the id of the upload that wrote them in chunks (null: one AES-GCM body). */
export type StoredFile = { bytes: StoredBytes; uploadId: string | null };

/** The upload id bound into a chunked file's chunks: its blob id (docs/decisions/108); null for one body. */
export const uploadIdOf = (file: StoredFileRef) => (file.chunkedIn ? file.blobId : null);
