import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { openPglite, openPostgres } from "../server/db/client.js";

export const TEMPLATE_DIR = path.join(import.meta.dirname, "..", ".tmp");
export const PGLITE_TEMPLATE = path.join(TEMPLATE_DIR, "pglite-template.tar.gz");
/** The same migrated database as a data directory, which a test file copies and opens (test/harness.ts). */
export const PGLITE_TEMPLATE_DIR = path.join(TEMPLATE_DIR, "pglite-template");

/**
 * Migrates one template database per run: a PGlite dump that each test file loads, or,
 * with TEST_DATABASE_URL, a PostgreSQL template database that each test file clones.
 */
export default async function setup() {
  mkdirSync(TEMPLATE_DIR, { recursive: true });
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
