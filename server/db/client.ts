import { mkdirSync } from "node:fs";
import { PGlite, type QueryOptions, type Transaction } from "@electric-sql/pglite";
import { listenPostgres, type ListenHandlers } from "./listen-postgres.js";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { MIGRATIONS_DIR } from "../paths.js";
import { BYTEA_PASSTHROUGH } from "./bytea.js";
import { pipelinedQuery, pipelinedTransaction } from "./pglite-pipeline.js";
import * as schema from "./schema/index.js";
import { createStorageGuard, type StorageGuard } from "./storage-guard.js";

/**
 * Without the schema: the app writes its queries with the query builder and SQL, never Drizzle's
 * relational API (`db.query.*`), whose builders for every table Drizzle would otherwise construct
 * again for every transaction (about 70 µs each, decision 063).
 */
export type Db = PgDatabase<PgQueryResultHKT>;
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** The rows of a raw `db.execute(sql...)` result, for PGlite and node-postgres alike. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

export type Database = {
  db: Db;
  kind: "pglite" | "postgres";
  migrate(): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
  /** PostgreSQL only: the connection pool's clients (total, idle) and the requests waiting for one. */
  poolStats?: () => { total: number; idle: number; waiting: number };
  /**
   * LISTEN on `channel` (live screens, server/live/): each NOTIFY payload from any process, until
   * the returned stop. PostgreSQL listens on a connection of its own, which reconnects.
   */
  listen(channel: string, handlers: ListenHandlers): Promise<() => Promise<void>>;
  /** PGlite only: a gzip tar of the data directory as it is between two statements (docs/decisions/030-backups.md). */
  dumpDataDir?: () => Promise<Blob>;
};

/**
 * Drizzle passes the same result parsers with every query (dates stay text; Drizzle maps them),
 * and PGlite copies its table of 318 parsers to merge them: 0.1 ms per statement, a tenth of a
 * short request. The client is created with those parsers, and the copy Drizzle talks to drops
 * the per-query ones, which must be exactly these (checked on every query: a Drizzle upgrade that
 * changes them fails every test instead of changing results quietly).
 */
const DRIZZLE_PARSERS = [1082, 1114, 1115, 1182, 1184, 1185, 1186, 1187, 1231]; // date, timestamp(tz), interval, their arrays, numeric[]
const DRIZZLE_PARSER_SET = new Set(DRIZZLE_PARSERS);
const identity = (value: string) => value;

/** True when `parsers` has exactly the types of DRIZZLE_PARSERS (a count and a lookup each: this runs for every statement). */
function isDrizzleParsers(parsers: NonNullable<QueryOptions["parsers"]>): boolean {
  let count = 0;
  for (const oid in parsers) {
    if (!DRIZZLE_PARSER_SET.has(Number(oid))) return false;
    count++;
  }
  return count === DRIZZLE_PARSERS.length;
}

/** The options without Drizzle's per-query parsers, which must be exactly DRIZZLE_PARSERS. */
function withoutQueryParsers(options: QueryOptions | undefined): QueryOptions | undefined {
  if (options?.parsers && !isDrizzleParsers(options.parsers)) {
    throw new Error(`Unexpected per-query parsers: ${Object.keys(options.parsers).join()}`);
  }
  return options && { ...options, parsers: undefined };
}

/**
 * The PGlite that Drizzle talks to: its statements and transactions pipelined
 * (server/db/pglite-pipeline.ts, decision 063), without per-query parsers, and, for a database
 * in a folder, behind the storage guard.
 */
function forDrizzle(pglite: PGlite, guard?: StorageGuard): PGlite {
  const unguardedQuery = (text: string, params?: unknown[], options?: QueryOptions) =>
    pipelinedQuery(pglite, text, params, withoutQueryParsers(options));
  const unguardedTransaction = <R>(fn: (tx: Transaction) => Promise<R>) =>
    pipelinedTransaction(pglite, (tx) =>
      // Drizzle's transaction session calls query() only (savepoints are statements too).
      fn({
        query: (text, params, options) => tx.query(text, params, withoutQueryParsers(options)),
      } as Transaction),
    );
  // Outside transactions only: the guard switches read-only mode between statements (server/db/storage-guard.ts).
  const query = guard
    ? async (text: string, params?: unknown[], options?: QueryOptions) => {
        await guard.check();
        return unguardedQuery(text, params, options).catch((err: unknown) =>
          Promise.reject(guard.translate(err)),
        );
      }
    : unguardedQuery;
  const transaction = guard
    ? async <R>(fn: (tx: Transaction) => Promise<R>) => {
        await guard.check();
        return unguardedTransaction(fn).catch((err: unknown) =>
          Promise.reject(guard.translate(err)),
        );
      }
    : unguardedTransaction;
  return new Proxy(pglite, {
    get(target, prop) {
      if (prop === "query") return query;
      if (prop === "transaction") return transaction;
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

/**
 * Embedded PostgreSQL (PGlite) in a folder, or in memory when dir is undefined. `sharedBuffers`
 * (e.g. "16MB") replaces PostgreSQL's 128MB buffer cache: a test's small database opens in half
 * the time, as PGlite clears the whole cache as it starts (test/harness.ts).
 */
export async function openPglite(
  dir: string | undefined,
  loadDataDir?: Blob,
  options: { sharedBuffers?: string } = {},
): Promise<Database & { pglite: PGlite }> {
  if (dir) mkdirSync(dir, { recursive: true });
  const client = await PGlite.create(dir, {
    extensions: { pg_trgm },
    serializers: BYTEA_PASSTHROUGH,
    parsers: Object.fromEntries(DRIZZLE_PARSERS.map((oid) => [oid, identity])),
    ...(loadDataDir ? { loadDataDir } : {}),
    ...(options.sharedBuffers
      ? {
          startParams: [
            ...PGlite.defaultStartParams,
            "-c",
            `shared_buffers=${options.sharedBuffers}`,
          ],
        }
      : {}),
  });
  const guard = dir ? createStorageGuard(dir, client) : undefined;
  const db = drizzlePglite(forDrizzle(client, guard)) as unknown as Db;
  return {
    pglite: client,
    db,
    kind: "pglite",
    migrate: () =>
      migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: MIGRATIONS_DIR }),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => client.close(),
    listen: async (channel, { onNotify }) => {
      const stop = await client.listen(channel, onNotify);
      return () => stop();
    },
    // PGlite runs it between two statements (its query lock): a transaction still open then is not in it, as after a crash.
    dumpDataDir: () => client.dumpDataDir("gzip"),
  };
}

/** A PostgreSQL server through a connection pool; survives the server going away and coming back. */
export function openPostgres(url: string): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: 3000,
    idleTimeoutMillis: 30_000,
  });
  pool.on("error", () => {
    /* an idle client lost its connection: the pool replaces it on next use */
  });
  const db = drizzlePg(pool) as unknown as Db;
  return {
    db,
    kind: "postgres",
    migrate: () => migratePostgres(pool),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => pool.end(),
    listen: (channel, handlers) => listenPostgres(url, channel, handlers),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  };
}

/** Any fixed number: the key of the session-level advisory lock that migrations run under. */
const MIGRATION_LOCK_KEY = 7_164_002_021;

/**
 * Migrates under a session-level advisory lock held on one dedicated connection, which the
 * migrator also runs on: processes started together on an empty database take turns, and the
 * later ones find the migrations applied (docs/decisions/021-database-guards.md). The lock goes
 * with the connection if the process dies.
 */
async function migratePostgres(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  let isBroken = false;
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    try {
      await migratePg(drizzlePg(client, { schema }), { migrationsFolder: MIGRATIONS_DIR });
    } finally {
      await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]);
    }
  } catch (err) {
    isBroken = true;
    throw err;
  } finally {
    client.release(isBroken);
  }
}
