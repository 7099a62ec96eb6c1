import { ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";

/*
 * An S3-protocol server in this process (s3rver, files in a temporary directory) for the object
 * store's tests (docs/decisions/090): one per test worker, started on first use.
 */

type S3rverInstance = { run(): Promise<AddressInfo>; close(): Promise<void> };
type S3rverClass = new (options: Record<string, unknown>) => S3rverInstance;
const S3rver = createRequire(import.meta.url)("s3rver") as S3rverClass;

export const TEST_BUCKET = "lv-test-files";

/** The settings that point the app at the test S3 server (FILE_STORE=s3 and the S3_* variables). */
export type S3TestSettings = Record<
  | "FILE_STORE"
  | "S3_BUCKET"
  | "S3_REGION"
  | "S3_ENDPOINT"
  | "S3_ACCESS_KEY_ID"
  | "S3_SECRET_ACCESS_KEY",
  string
>;

let started: Promise<S3TestSettings> | undefined;

/** Starts this worker's S3 server (once) and returns the settings that reach it. */
export function startTestS3(): Promise<S3TestSettings> {
  started ??= (async () => {
    const directory = mkdtempSync(join(tmpdir(), "lv-s3rver-"));
    const server = new S3rver({
      address: "127.0.0.1",
      port: 0,
      silent: true,
      directory,
      configureBuckets: [{ name: TEST_BUCKET }],
    });
    const { port } = await server.run();
    process.once("exit", () => rmSync(directory, { recursive: true, force: true }));
    return {
      FILE_STORE: "s3",
      S3_BUCKET: TEST_BUCKET,
      S3_REGION: "us-east-1",
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      // s3rver's fixed key pair: it checks every request's signature against it.
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
    };
  })();
  return started;
}

/** TEST_FILE_STORE=s3 runs any server test file with files in the test S3 server. */
export const isS3TestRun = () => process.env.TEST_FILE_STORE === "s3";

/** Every object key in the test bucket (to prove what is, and is not, left in it). */
export async function listTestObjects(settings: S3TestSettings): Promise<string[]> {
  const client = new S3Client({
    region: settings.S3_REGION,
    endpoint: settings.S3_ENDPOINT,
    forcePathStyle: true,
    credentials: {
      accessKeyId: settings.S3_ACCESS_KEY_ID,
      secretAccessKey: settings.S3_SECRET_ACCESS_KEY,
    },
  });
  const keys: string[] = [];
  let token: string | undefined;
  do {
    const page = await client.send(
      new ListObjectsV2Command({ Bucket: settings.S3_BUCKET, ContinuationToken: token }),
    );
    for (const o of page.Contents ?? []) if (o.Key) keys.push(o.Key);
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  client.destroy();
  return keys;
}
