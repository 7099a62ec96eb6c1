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

/** The migrations' statements that make a role, which is the server's (every database's) at once. */
const ROLE_STATEMENTS = ["0001_rls.sql", "0012_view_as_client.sql"].map((file) => {
  const text = readFileSync(path.join(import.meta.dirname, "migrations", file), "utf8");
  const statement = text.split("--> statement-breakpoint").find((s) => /CREATE ROLE/.test(s));
  if (!statement) throw new Error(`${file} makes no role`);
  return { file, statement: statement.replace(/^--.*$/gm, "").trim() };
});

describe("two databases of one PostgreSQL server migrating at once (the e2e servers, two deployments)", () => {
  // The migration lock is per database, the roles are the server's: the second CREATE ROLE waits
  // for the first transaction and then finds the role made. It must not fail the migration.
  it.skipIf(!isServerReachable).each(ROLE_STATEMENTS)(
    "$file makes its role even when another transaction makes it at the same moment",
    async ({ statement }) => {
      const role = `lv_t_role_${randomBytes(4).toString("hex")}`;
      const sql = statement.replace(/lv_(app|client_view)\b/g, role);
      expect(sql).toContain(role);
      const [a, b] = [new pg.Client(PG_SERVER_URL), new pg.Client(PG_SERVER_URL)];
      await Promise.all([a.connect(), b.connect()]);
      try {
        await a.query("begin");
        await a.query(sql); // the role made, not yet committed
        await b.query("begin");
        const pid = (await b.query<{ pid: number }>("select pg_backend_pid() as pid")).rows[0]?.pid;
        const second = b.query(sql);
        const waiting = () =>
          a
            .query("select wait_event_type from pg_stat_activity where pid = $1", [pid])
            .then((r) => r.rows[0]?.wait_event_type as string | undefined);
        await expect.poll(waiting, { timeout: 10_000, interval: 20 }).toBe("Lock"); // on the first
        await a.query("commit");
        await second; // sees the first's role: no error
        await b.query("commit");
        const made = await a.query("select 1 from pg_roles where rolname = $1", [role]);
        expect(made.rowCount).toBe(1);
      } finally {
        await a.query(`drop role if exists ${role}`).catch(() => {});
        await Promise.all([a.end(), b.end()]);
      }
    },
  );
});
