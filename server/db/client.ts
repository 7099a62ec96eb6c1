import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { BYTEA_PASSTHROUGH } from "./bytea.js";
import * as schema from "./schema.js";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export type Database = {
  db: Db;
  kind: "pglite" | "postgres";
  migrate(): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
};

const MIGRATIONS = path.join(import.meta.dirname, "migrations");

/** Embedded PostgreSQL (PGlite) in a folder, or in memory when dir is undefined. */
export async function openPglite(dir: string | undefined, loadDataDir?: Blob): Promise<Database & { pglite: PGlite }> {
  if (dir) mkdirSync(dir, { recursive: true });
  const client = await PGlite.create(dir, { extensions: { pg_trgm }, serializers: BYTEA_PASSTHROUGH, ...(loadDataDir ? { loadDataDir } : {}) });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    pglite: client,
    db,
    kind: "pglite",
    migrate: () => migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: MIGRATIONS }),
    ping: async () => {
      await client.query("select 1");
    },
    close: () => client.close(),
  };
}

/** A PostgreSQL server through a connection pool; survives the server going away and coming back. */
export function openPostgres(url: string): Database {
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 3000, idleTimeoutMillis: 30_000 });
  pool.on("error", () => {
    /* an idle client lost its connection: the pool replaces it on next use */
  });
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: "postgres",
    migrate: () => migratePg(drizzlePg(pool, { schema }), { migrationsFolder: MIGRATIONS }),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => pool.end(),
  };
}
