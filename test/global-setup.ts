import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { openPglite, openPostgres } from "../server/db/client.js";

export const TEMPLATE_DIR = path.join(import.meta.dirname, "..", ".tmp");
export const PGLITE_TEMPLATE = path.join(TEMPLATE_DIR, "pglite-template.tar.gz");
/** The same migrated database as a data directory, which a test file copies and opens (test/harness.ts). */
export const PGLITE_TEMPLATE_DIR = path.join(TEMPLATE_DIR, "pglite-template");

/**
 * Per run: the server compiled for the tests' server processes (test/server-process.ts), and one
 * migrated template database: a PGlite data directory that each test file copies, or, with
 * TEST_DATABASE_URL, a PostgreSQL template database that each test file clones.
 */
export default async function setup() {
  mkdirSync(TEMPLATE_DIR, { recursive: true });
  const [removeBuild, dropTemplate] = await Promise.all([buildServer(), migrateTemplate()]);
  return async () => {
    await dropTemplate?.();
    removeBuild();
  };
}

/**
 * The server as `npm run build:server` compiles it, into a folder of this run's (so that two runs
 * never share one, nor dist/server, which another step may be writing): a server process starts
 * from it in 2.7 s instead of 5.9 s through tsx (measured on the 2-core machine), and the HTTP-level
 * tests start some thirty. Named in TEST_SERVER_BUILD for the test files.
 */
async function buildServer(): Promise<() => void> {
  const out = mkdtempSync(path.join(TEMPLATE_DIR, "server-build-"));
  const script = path.join(import.meta.dirname, "..", "scripts", "build-server.mjs");
  await promisify(execFile)(process.execPath, [script, "--out", out]);
  process.env.TEST_SERVER_BUILD = path.join(out, "main.js");
  return () => rmSync(out, { recursive: true, force: true });
}

async function migrateTemplate(): Promise<(() => Promise<void>) | undefined> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const template = `lv_template_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${template}`);
    await admin.query(`create database ${template}`);
    await admin.end();
    const database = openPostgres(withDatabase(url, template));
    await database.migrate();
    await database.close();
    process.env.TEST_TEMPLATE_DB = template;
    return async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      // Only this run's clones: another run (another checkout) may be using the same server.
      const { rows } = await c.query<{ datname: string }>(
        `select datname from pg_database where datname like $1 or datname = $2`,
        [`${clonePrefix(template)}%`, template],
      );
      for (const r of rows) await c.query(`drop database if exists ${r.datname} with (force)`);
      await c.end();
    };
  }
  rmSync(PGLITE_TEMPLATE_DIR, { recursive: true, force: true });
  const database = await openPglite(PGLITE_TEMPLATE_DIR);
  await database.migrate();
  const dump = await database.pglite.dumpDataDir("gzip");
  writeFileSync(PGLITE_TEMPLATE, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  return undefined;
}

/** Test files' clones of `template` are named with this prefix, so a run drops only its own. */
export function clonePrefix(template: string): string {
  return `lv_t_${template.replace(/^lv_template_/, "")}_`;
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}
