import type { Env } from "../env.js";
import type { BlobStore } from "./blob-store.js";

/** The object store could not be reached at start-up: main prints the message and exits 1. */
export class FileStoreError extends Error {}

/**
 * Where files' ciphertext goes (docs/decisions/090-file-store.md). `blobs` reads the files an
 * object store holds and, with FILE_STORE=s3, takes every new one; with FILE_STORE=postgres and
 * S3 settings still present it only reads and deletes the files written there before.
 */
export type FileStore = { blobs: BlobStore | null; isS3: boolean };

/** Opens and checks the object store named by the settings (none without S3_BUCKET). */
export async function openFileStore(
  env: Env,
  options: { blobs?: BlobStore | undefined } = {},
): Promise<FileStore> {
  const isS3 = env.FILE_STORE === "s3";
  if (options.blobs) return { blobs: options.blobs, isS3 };
  if (!env.S3_BUCKET || !env.S3_REGION) return { blobs: null, isS3: false };
  // Loaded only when a bucket is set: the AWS SDK stays out of the default start-up.
  const { createS3Store } = await import("./s3-store.js");
  const blobs = createS3Store({
    bucket: env.S3_BUCKET,
    region: env.S3_REGION,
    endpoint: env.S3_ENDPOINT,
    forcePathStyle: env.S3_FORCE_PATH_STYLE ? env.S3_FORCE_PATH_STYLE === "1" : undefined,
    credentials:
      env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
        : undefined,
  });
  try {
    await blobs.check();
  } catch (err) {
    throw new FileStoreError(err instanceof Error ? err.message : String(err));
  }
  return { blobs, isS3 };
}
