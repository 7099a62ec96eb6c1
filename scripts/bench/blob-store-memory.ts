/**
 * Issue 37 items 4 and 5: the server's memory while a 1 GB file's ciphertext goes into each store
 * (docs/decisions/090). In this process, one after the other: the S3 store (putChunk of 4 MiB
 * chunks, each a stream, to s3rver running in a child process so that its memory is not counted),
 * the PostgreSQL store's way (1 MiB pieces inserted one statement each, as asset_file_chunks, into
 * a scratch table of PGlite on disk in this process, or of DATABASE_URL), and a bare baseline: the same
 * bytes written to a local file through a Node stream. Reports the growth of this process's
 * resident memory (peak sampled every 20 ms, minus the RSS before) for each, then reads the S3
 * blob back as one stream and reports that too. Not a test: the peak moves with the collector.
 * Usage: node --import tsx scripts/bench/blob-store-memory.ts [megabytes=1024]
 */
import { spawn } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { createWriteStream, mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { sql } from "drizzle-orm";
import { createS3Store } from "../../server/blobs/s3-store.js";
import { openPglite, openPostgres } from "../../server/db/client.js";
import { writeBytea } from "../../server/db/bytea.js";

const MB = 1024 * 1024;
const TOTAL_MB = Number(process.argv[2] ?? 1024);
const CHUNK = 4 * MB;
const block = randomBytes(64 * 1024);

/** `bytes` of pseudo-ciphertext as a stream of 64 KiB blocks (nothing held but one block). */
const bytesStream = (bytes: number) =>
  Readable.from(
    (function* () {
      for (let sent = 0; sent < bytes; sent += block.length)
        yield block.subarray(0, Math.min(block.length, bytes - sent));
    })(),
  );

/** Runs `fn` and returns the growth of RSS at its peak over the RSS before, in MB, and the seconds. */
async function measure(fn: () => Promise<void>) {
  global.gc?.();
  const before = process.memoryUsage.rss();
  let peak = before;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 20);
  const started = performance.now();
  await fn();
  clearInterval(timer);
  peak = Math.max(peak, process.memoryUsage.rss());
  return { growthMb: (peak - before) / MB, seconds: (performance.now() - started) / 1000 };
}

const dir = mkdtempSync(path.join(tmpdir(), "lv-bench-blobs-"));
const child = spawn(
  process.execPath,
  [
    "-e",
    `const S3rver = require("s3rver");
     new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory: ${JSON.stringify(dir)},
       configureBuckets: [{ name: "bench" }] }).run().then((a) => console.log(a.port));`,
  ],
  { stdio: ["ignore", "pipe", "inherit"] },
);
const port = await new Promise<number>((resolve) =>
  child.stdout.once("data", (d: Buffer) => resolve(Number(d.toString().trim()))),
);
const store = createS3Store({
  bucket: "bench",
  region: "us-east-1",
  endpoint: `http://127.0.0.1:${port}`,
  credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
});
const database = process.env.DATABASE_URL
  ? openPostgres(process.env.DATABASE_URL)
  : await openPglite(path.join(dir, "pglite"));
const bytes = TOTAL_MB * MB;
const lines: string[] = [];
const say = (line: string) => {
  lines.push(line);
  process.stdout.write(line + "\n");
};
say(
  `${TOTAL_MB} MB, load ${loadavg()[0]?.toFixed(1)}, database ${database.kind}, node ${process.version}`,
);

try {
  const bare = await measure(() =>
    pipeline(bytesStream(bytes), createWriteStream(path.join(dir, "bare.bin"))),
  );
  say(
    `bare (a file through a stream): +${bare.growthMb.toFixed(1)} MB RSS, ${bare.seconds.toFixed(1)} s`,
  );

  const blobId = randomUUID();
  const s3 = await measure(async () => {
    for (let index = 0; index * CHUNK < bytes; index++) {
      const size = Math.min(CHUNK, bytes - index * CHUNK);
      await store.putChunk({ blobId, index }, { stream: bytesStream(size), size });
    }
  });
  say(
    `S3 store, 4 MiB chunks as streams: +${s3.growthMb.toFixed(1)} MB RSS, ${s3.seconds.toFixed(1)} s`,
  );
  const read = await measure(async () => {
    let n = 0;
    for await (const part of store.readBlob(blobId)) n += (part as Buffer).length;
    if (n !== bytes) throw new Error(`read ${n} bytes of ${bytes}`);
  });
  say(
    `S3 store, read back as one stream: +${read.growthMb.toFixed(1)} MB RSS, ${read.seconds.toFixed(1)} s`,
  );
  await store.deleteBlob(blobId);

  await database.db.execute(
    sql`create table if not exists bench_blob_chunks (seq int primary key, data bytea not null)`,
  );
  const pg = await measure(async () => {
    const piece = Buffer.alloc(MB);
    for (let seq = 0; seq * MB < bytes; seq++) {
      for (let at = 0; at < MB; at += block.length) block.copy(piece, at);
      await database.db.execute(
        sql`insert into bench_blob_chunks (seq, data) values (${seq}, ${writeBytea(piece)})`,
      );
    }
  });
  say(
    `PostgreSQL store's way, 1 MiB pieces: +${pg.growthMb.toFixed(1)} MB RSS, ${pg.seconds.toFixed(1)} s`,
  );
  await database.db.execute(sql`drop table bench_blob_chunks`);
} finally {
  await database.close();
  child.kill();
  rmSync(dir, { recursive: true, force: true });
}
