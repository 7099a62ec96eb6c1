import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  DeleteObjectCommand,
} from "@aws-sdk/client-s3";
import { randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import type { BlobChunk, BlobStore, ChunkBody } from "./blob-store.js";

/** What the S3 store needs from the environment (server/env.ts validates it). */
export type S3Settings = {
  bucket: string;
  region: string;
  endpoint?: string | undefined;
  forcePathStyle?: boolean | undefined;
  credentials?: { accessKeyId: string; secretAccessKey: string } | undefined;
};

/** Every object is `files/<blob id>/<index, 8 digits>`: listing order is chunk order. */
const prefixOf = (blobId: string) => `files/${blobId}/`;
const keyOf = ({ blobId, index }: BlobChunk) =>
  `${prefixOf(blobId)}${String(index).padStart(8, "0")}`;

/** The blob store on an S3-compatible bucket (AWS S3, MinIO, ...) through the AWS SDK v3. */
export function createS3Store(settings: S3Settings): BlobStore {
  const { bucket } = settings;
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle ?? settings.endpoint !== undefined,
    credentials: settings.credentials,
    // Plain Content-Length uploads: servers other than AWS (MinIO's older releases, s3rver) do not all take aws-chunked bodies.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });

  async function listKeys(blobId: string): Promise<string[]> {
    return (await listObjects(blobId)).map(([key]) => key);
  }

  /** The blob's objects as [key, size], in key order (= chunk order). */
  async function listObjects(blobId: string): Promise<[string, number][]> {
    const keys: [string, number][] = [];
    let token: string | undefined;
    do {
      const page = await client.send(
        new ListObjectsV2Command({
          Bucket: bucket,
          Prefix: prefixOf(blobId),
          ContinuationToken: token,
        }),
      );
      for (const o of page.Contents ?? []) if (o.Key) keys.push([o.Key, o.Size ?? 0]);
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return keys.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  }

  async function getChunk(chunk: BlobChunk): Promise<Readable | null> {
    try {
      const got = await client.send(new GetObjectCommand({ Bucket: bucket, Key: keyOf(chunk) }));
      return got.Body instanceof Readable ? got.Body : null;
    } catch (err) {
      if (err instanceof NoSuchKey) return null;
      throw err;
    }
  }

  async function* chunksOf(blobId: string) {
    for (const key of await listKeys(blobId)) {
      const got = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      if (!(got.Body instanceof Readable)) throw new Error(`S3 object ${key} has no body`);
      for await (const part of got.Body) yield part as Buffer;
    }
  }

  const store: BlobStore = {
    describe: `s3://${bucket}${settings.endpoint ? ` at ${settings.endpoint}` : ""}`,
    async putChunk(chunk: BlobChunk, body: ChunkBody) {
      const isStream = "stream" in body;
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: keyOf(chunk),
          Body: isStream ? body.stream : body,
          ContentLength: isStream ? body.size : body.length,
          ContentType: "application/octet-stream",
        }),
        { abortSignal: isStream ? body.signal : undefined },
      );
    },
    getChunk,
    async listChunks(blobId) {
      return (await listKeys(blobId)).map((key) => Number(key.slice(prefixOf(blobId).length)));
    },
    async listChunkSizes(blobId) {
      return (await listObjects(blobId)).map(([key, size]) => [
        Number(key.slice(prefixOf(blobId).length)),
        size,
      ]);
    },
    readBlob: (blobId) => Readable.from(chunksOf(blobId)),
    async deleteBlob(blobId) {
      const keys = await listKeys(blobId);
      for (let i = 0; i < keys.length; i += 1000) {
        const batch = keys.slice(i, i + 1000);
        if (batch.length === 1) {
          await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: batch[0] }));
          continue;
        }
        const done = await client.send(
          new DeleteObjectsCommand({
            Bucket: bucket,
            Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true },
          }),
        );
        if (done.Errors?.length)
          throw new Error(`S3 could not delete ${done.Errors.length} objects of blob ${blobId}`);
      }
    },
    async check() {
      const where = `bucket ${bucket}${settings.endpoint ? ` at ${settings.endpoint}` : ""} (region ${settings.region})`;
      try {
        await client.send(new HeadBucketCommand({ Bucket: bucket }));
        const probe = { blobId: `check-${randomUUID()}`, index: 0 };
        await store.putChunk(probe, Buffer.from("ok"));
        await store.deleteBlob(probe.blobId);
      } catch (err) {
        const why = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
        throw new Error(
          `FILE_STORE=s3: the ${where} cannot be read and written (${why}). Check S3_BUCKET, S3_REGION, S3_ENDPOINT and the credentials (docs/operations.md).`,
        );
      }
    },
  };
  return store;
}
