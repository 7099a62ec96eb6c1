import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { withDatabase } from "../../test/global-setup.js";
import { freePort } from "../../test/harness.js";
import { ServerProcess } from "../../test/server-process.js";
import { PG_SERVER_URL, isPgServerReachable, pgAdmin } from "../../test/pg-admin.js";

const JOURNAL = JSON.parse(
  readFileSync(path.join(import.meta.dirname, "migrations/meta/_journal.json"), "utf8"),
) as { entries: unknown[] };
const MASTER_KEY = randomBytes(32).toString("base64");

const isServerReachable = await isPgServerReachable();
const databases: string[] = [];
const dirs: string[] = [];
const started: ServerProcess[] = [];
afterAll(async () => {
  for (const p of started) {
    p.kill("SIGKILL");
    await p.exited;
  }
  for (const name of databases)
    await pgAdmin((c) => c.query(`drop database if exists ${name} with (force)`));
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** A fresh, empty database on the PostgreSQL server: nothing migrated yet. */
async function emptyDatabase(): Promise<string> {
  const name = `lv_t_db_${randomBytes(4).toString("hex")}`;
  await pgAdmin((c) => c.query(`create database ${name}`));
  databases.push(name);
  return withDatabase(PG_SERVER_URL, name);
}

async function startOn(url: string): Promise<ServerProcess> {
  const dir = mkdtempSync(path.join(tmpdir(), "lv-migrate-"));
  dirs.push(dir);
  const server = new ServerProcess(await freePort(), {
    DATA_DIR: dir,
    DATABASE_URL: url,
    VAULT_MASTER_KEY: MASTER_KEY,
  });
  started.push(server);
  return server;
}

describe("two processes starting together on an empty PostgreSQL database", () => {
  it.skipIf(!isServerReachable)(
    `both migrate under one lock and start normally, the second waiting for the first (skipped when no PostgreSQL server is reachable at ${new URL(PG_SERVER_URL).host})`,
    { timeout: 60_000 },
    async () => {
      // Several rounds: the collision needs both processes inside the first migration at once.
      for (let round = 0; round < 3; round++) {
        const url = await emptyDatabase();
        const pair = await Promise.all([startOn(url), startOn(url)]);
        const outcome = await Promise.all(
          pair.map((p) =>
            Promise.race([
              p.waitUntilListening(50_000).then(() => "listening"),
              p.exited.then(({ code }) => `exited ${code}: ${p.stderr}`),
            ]),
          ),
        );
        expect(outcome).toEqual(["listening", "listening"]);
        for (const p of pair)
          expect((await p.json<{ status: string }>("GET", "/api/health")).body.status).toBe("ok");
        const db = new pg.Client({ connectionString: url });
        await db.connect();
        const applied = await db
          .query("select hash from drizzle.__drizzle_migrations")
          .finally(() => db.end());
        expect(applied.rowCount).toBe(JOURNAL.entries.length); // each migration ran once
        for (const p of pair) {
          p.kill("SIGTERM");
          expect((await p.exited).code).toBe(0);
        }
      }
    },
  );
});
