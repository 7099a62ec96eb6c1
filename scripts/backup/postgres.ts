import { spawn } from "node:child_process";
import { closeSync, openSync } from "node:fs";
import pg from "pg";
import { APP_ROLES } from "../../server/db/app-role.js";
import { BackupError } from "./files.js";

/**
 * pg_dump and pg_restore take the URL without its password (which would show in `ps`); the
 * password goes in PGPASSWORD.
 */
function connection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const u = new URL(url);
  const password = decodeURIComponent(u.password);
  u.password = "";
  return {
    dbname: u.toString(),
    env: password ? { ...process.env, PGPASSWORD: password } : { ...process.env },
  };
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ["ignore", "inherit", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    child.on("error", (err: NodeJS.ErrnoException) =>
      reject(
        new BackupError(
          err.code === "ENOENT"
            ? `${command} is not installed: install the PostgreSQL client of the server's major version (Debian: postgresql-client-15).`
            : err.message,
        ),
      ),
    );
    child.on("exit", (code) =>
      code === 0
        ? resolve()
        : reject(new BackupError(`${command} failed (exit ${code}):\n${stderr.trim()}`)),
    );
  });
}

/** pg_dump's custom format: one snapshot (consistent while the app writes), compressed. */
export async function backupPostgres(url: string, tmp: string): Promise<void> {
  const { dbname, env } = connection(url);
  closeSync(openSync(tmp, "wx", 0o600)); // private from its first byte: pg_dump writes into it, keeping the mode
  await run(
    "pg_dump",
    ["--format=custom", "--no-password", `--file=${tmp}`, `--dbname=${dbname}`],
    env,
  );
}

async function withClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
  } catch (err) {
    throw new BackupError(
      `Cannot connect to the database in DATABASE_URL: ${err instanceof Error ? err.message : String(err)}`,
    );
  }
  try {
    return await fn(client);
  } catch (err) {
    if (err instanceof BackupError || !(err instanceof pg.DatabaseError)) throw err;
    throw new BackupError(`The database refused: ${err.message}`);
  } finally {
    await client.end();
  }
}

/** User schemas of the database (not PostgreSQL's own). */
const USER_SCHEMAS = `select nspname from pg_namespace where nspname not like 'pg\\_%' and nspname <> 'information_schema'`;

/**
 * Restores into the database of `url`, which must be empty (only an empty `public` schema) unless
 * `force`: then its schemas are dropped first. Refuses while anything else is connected to it.
 * The app's roles are cluster-wide, not in the dump: they are created first, as the migrations do.
 * pg_restore runs in one transaction and stops at the first error: it restores all or nothing.
 */
export async function restorePostgres(url: string, file: string, force: boolean): Promise<void> {
  await withClient(url, async (client) => {
    const db =
      (await client.query<{ db: string }>("select current_database() as db")).rows[0]?.db ?? "?";
    const others = await client.query<{ n: number }>(
      "select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()",
    );
    const connected = others.rows[0]?.n ?? 0;
    if (connected > 0)
      throw new BackupError(
        `${connected} other session(s) are connected to the database ${db}: stop every app process using it before restoring.`,
      );
    const objects = await client.query<{ n: number }>(
      `select count(*)::int as n from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname in (${USER_SCHEMAS})`,
    );
    const count = objects.rows[0]?.n ?? 0;
    if (count > 0 && !force)
      throw new BackupError(
        `The database ${db} is not empty (${count} tables, indexes or sequences). Restore into a new, empty database ` +
          `(createdb, then point DATABASE_URL at it), or pass --force to drop everything in ${db} first.`,
      );
    if (force) {
      const schemas = await client.query<{ nspname: string }>(USER_SCHEMAS);
      for (const { nspname } of schemas.rows)
        await client.query(`drop schema ${client.escapeIdentifier(nspname)} cascade`);
      await client.query("create schema public");
    }
    for (const role of APP_ROLES) {
      try {
        // Created only when absent, as the migrations do: the app's role need not have CREATEROLE when they exist.
        await client.query(
          `DO $$ BEGIN IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '${role}') THEN CREATE ROLE ${role} NOLOGIN; END IF; END $$`,
        );
      } catch (err) {
        throw new BackupError(
          `The app's role ${role} does not exist on this server and this user cannot create it (${err instanceof Error ? err.message : String(err)}). ` +
            `Create it as a superuser (CREATE ROLE ${role} NOLOGIN; GRANT ${role} TO <the app's user>;), then restore again.`,
        );
      }
      await client.query(
        `DO $$ BEGIN EXECUTE format('GRANT ${role} TO %I', current_user); EXCEPTION WHEN others THEN NULL; END $$`,
      );
    }
  });
  const { dbname, env } = connection(url);
  // --no-owner: the restoring role (the one the app migrates as) owns everything, whoever owned it in the old database.
  await run(
    "pg_restore",
    [
      "--no-owner",
      "--single-transaction",
      "--exit-on-error",
      "--no-password",
      `--dbname=${dbname}`,
      file,
    ],
    env,
  );
}
