import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { PGLITE_TEMPLATE } from "../../test/global-setup.js";
import { createTestContext, freePort, openTestDatabase } from "../../test/harness.js";
import { ServerProcess } from "../../test/server-process.js";
import { openPglite, type Database } from "./client.js";

const opened: Database[] = [];
const dirs: string[] = [];
const started: ServerProcess[] = [];
afterEach(async () => {
  for (const p of started.splice(0)) {
    p.kill("SIGKILL");
    await p.exited;
  }
  for (const d of opened.splice(0)) await d.close().catch(() => {});
});
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** A migrated PGlite, whatever engine this run tests (a role is the whole PostgreSQL server's: changed only on PGlite). */
async function migratedPglite(
  dir?: string,
): Promise<Database & { pglite: import("@electric-sql/pglite").PGlite }> {
  const database = existsSync(PGLITE_TEMPLATE)
    ? await openPglite(dir, new Blob([readFileSync(PGLITE_TEMPLATE)]))
    : await openPglite(dir);
  await database.migrate();
  return database;
}

async function refusal(database: Database): Promise<string> {
  try {
    const ctx = await createTestContext({}, { database });
    await ctx.close();
  } catch (err) {
    return (err as Error).message;
  }
  throw new Error("expected the app to refuse this database");
}

describe("the app's roles cannot bypass row-level security, on both engines", () => {
  it("refuses a PGlite whose lv_app bypasses row-level security", async () => {
    const database = await migratedPglite();
    opened.push(database);
    await database.pglite.exec("alter role lv_app bypassrls");
    expect(await refusal(database)).toBe(
      "The database role lv_app bypasses row-level security (BYPASSRLS): the app refuses to run its queries as this role. Run ALTER ROLE lv_app NOBYPASSRLS.",
    );
  });

  it("refuses a PGlite whose lv_client_view is a superuser", async () => {
    const database = await migratedPglite();
    opened.push(database);
    await database.pglite.exec("alter role lv_client_view superuser");
    expect(await refusal(database)).toContain(
      "The database role lv_client_view bypasses row-level security (SUPERUSER)",
    );
  });

  it("refuses a database where lv_app owns a tenant table (owners skip its policies)", async () => {
    const database = await openTestDatabase();
    opened.push(database);
    await database.db.execute(sql.raw("alter table profiles owner to lv_app"));
    expect(await refusal(database)).toContain(
      "The database role lv_app owns profiles, so row-level security does not apply to it",
    );
  });

  it("refuses a database where lv_app reads a table without row-level security", async () => {
    const database = await openTestDatabase();
    opened.push(database);
    await database.db.execute(sql.raw("alter table assets disable row level security"));
    expect(await refusal(database)).toContain(
      "Row-level security is off on assets, which lv_app can read or write",
    );
  });

  it("refuses a database where lv_client_view can read only some columns of a table without row-level security (a column-level grant)", async () => {
    const database = await openTestDatabase();
    opened.push(database);
    await database.db.execute(
      sql.raw("create table column_leak (id text primary key, owner_id text, secret text)"),
    );
    await database.db.execute(sql.raw("revoke all on column_leak from lv_app, lv_client_view"));
    await database.db.execute(
      sql.raw("grant select (id, secret) on column_leak to lv_client_view"),
    );
    expect(await refusal(database)).toBe(
      "Row-level security is off on column_leak, which lv_client_view can read or write: the app refuses to serve. Run ALTER TABLE column_leak ENABLE ROW LEVEL SECURITY.",
    );
  });

  it(
    "a server process on such a PGlite data directory exits with the message, not a stack trace",
    { timeout: 60_000 },
    async () => {
      const dir = mkdtempSync(path.join(tmpdir(), "lv-role-"));
      dirs.push(dir);
      const database = await migratedPglite(path.join(dir, "pglite"));
      await database.pglite.exec("alter role lv_app bypassrls");
      await database.close();

      const server = new ServerProcess(await freePort(), {
        DATA_DIR: dir,
        VAULT_MASTER_KEY: randomBytes(32).toString("base64"),
      });
      started.push(server);
      const outcome = await Promise.race([
        server.exited.then(({ code }) => code),
        server.waitUntilListening().then(() => "listening"),
      ]);
      expect(outcome).toBe(1);
      expect(server.stderr).toContain(
        "The database role lv_app bypasses row-level security (BYPASSRLS)",
      );
      expect(server.stderr).not.toMatch(/\n\s+at /);
    },
  );
});
