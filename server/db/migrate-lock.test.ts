import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { withDatabase } from "../../test/global-setup.js";
import { freePort } from "../../test/harness.js";
import { ServerProcess } from "../../test/server-process.js";

const SERVER_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const JOURNAL = JSON.parse(readFileSync(path.join(import.meta.dirname, "migrations/meta/_journal.json"), "utf8")) as { entries: unknown[] };
const MASTER_KEY = randomBytes(32).toString("base64");

async function admin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: SERVER_URL, connectionTimeoutMillis: 2000 });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

const isServerReachable = await admin(async () => true).catch(() => false);
const databases: string[] = [];
const dirs: string[] = [];
const started: ServerProcess[] = [];
afterAll(async () => {
  for (const p of started) {
    p.kill("SIGKILL");
    await p.exited;
  }
  for (const name of databases) await admin((c) => c.query(`drop database if exists ${name} with (force)`));
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** A fresh, empty database on the PostgreSQL server: nothing migrated yet. */
async function emptyDatabase(): Promise<string> {
  const name = `lv_t_db_${randomBytes(4).toString("hex")}`;
  await admin((c) => c.query(`create database ${name}`));
  databases.push(name);
  return withDatabase(SERVER_URL, name);
}

async function startOn(url: string): Promise<ServerProcess> {
  const dir = mkdtempSync(path.join(tmpdir(), "lv-migrate-"));
  dirs.push(dir);
  const server = new ServerProcess(await freePort(), { DATA_DIR: dir, DATABASE_URL: url, VAULT_MASTER_KEY: MASTER_KEY });
  started.push(server);
  return server;
}

describe("two processes starting together on an empty PostgreSQL database", () => {
  it.skipIf(!isServerReachable)(
    `both migrate under one lock and start normally, the second waiting for the first (skipped when no PostgreSQL server is reachable at ${new URL(SERVER_URL).host})`,
    { timeout: 240_000 },
    async () => {
      // Several rounds: the collision needs both processes inside the first migration at once.
      for (let round = 0; round < 3; round++) {
        const url = await emptyDatabase();
        const pair = await Promise.all([startOn(url), startOn(url)]);
        const outcome = await Promise.all(
          pair.map((p) => Promise.race([p.waitUntilListening(120_000).then(() => "listening"), p.exited.then(({ code }) => `exited ${code}: ${p.stderr}`)])),
        );
        expect(outcome).toEqual(["listening", "listening"]);
        for (const p of pair) expect((await p.json<{ status: string }>("GET", "/api/health")).body.status).toBe("ok");
        const db = new pg.Client({ connectionString: url });
        await db.connect();
        const applied = await db.query("select hash from drizzle.__drizzle_migrations").finally(() => db.end());
        expect(applied.rowCount).toBe(JOURNAL.entries.length); // each migration ran once
        for (const p of pair) {
          p.kill("SIGTERM");
          expect((await p.exited).code).toBe(0);
        }
      }
    },
  );
});
