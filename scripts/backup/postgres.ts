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
 * `force`: then its schemas are dropped and the dump restored in ONE transaction, so a restore that
 * fails leaves the database as it was. Refuses while anything else is connected to it.
 * The app's roles are cluster-wide, not in the dump: they are created first, as the migrations do.
 * pg_restore runs in one transaction and stops at the first error: it restores all or nothing.
 */
export async function restorePostgres(url: string, file: string, force: boolean): Promise<void> {
  const replacing: string[] = []; // with --force on a database that holds something: what to drop first
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
    if (count > 0) {
      const schemas = await client.query<{ nspname: string }>(USER_SCHEMAS);
      for (const { nspname } of schemas.rows)
        replacing.push(`drop schema ${client.escapeIdentifier(nspname)} cascade;`);
      replacing.push("create schema public;");
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
  if (replacing.length) return replaceWithDump({ dbname, env, file, replacing });
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

/**
 * `--force` on a database that holds something: pg_restore writes the dump as SQL, and psql runs the
 * drops and that SQL in one transaction that stops at the first error. psql's input is closed
 * (which commits) only once pg_restore has written the whole dump; if pg_restore fails, psql is
 * killed before that, and the transaction is rolled back: all or nothing, the old content included.
 */
function replaceWithDump({
  dbname,
  env,
  file,
  replacing,
}: {
  dbname: string;
  env: NodeJS.ProcessEnv;
  file: string;
  replacing: string[];
}): Promise<void> {
  const notInstalled = (command: string, err: NodeJS.ErrnoException) =>
    new BackupError(
      err.code === "ENOENT"
        ? `${command} is not installed: install the PostgreSQL client of the server's major version (Debian: postgresql-client-15).`
        : err.message,
    );
  const psqlArgs = [
    "--no-psqlrc",
    "--quiet",
    "--no-password",
    "--set=ON_ERROR_STOP=1",
    "--single-transaction",
    "--file=-",
    `--dbname=${dbname}`,
  ];
  const psql = spawn("psql", psqlArgs, { env, stdio: ["pipe", "ignore", "pipe"] });
  const restore = spawn("pg_restore", ["--no-owner", "--file=-", file], {
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let psqlErr = "";
  let restoreErr = "";
  psql.stderr.on("data", (d: Buffer) => (psqlErr += d.toString()));
  restore.stderr.on("data", (d: Buffer) => (restoreErr += d.toString()));
  psql.stdin.on("error", () => {}); // psql stopped early: its exit code says why
  psql.stdin.write(replacing.join("\n") + "\n");
  restore.stdout.pipe(psql.stdin, { end: false });
  const restored = new Promise<void>((resolve, reject) => {
    restore.on("error", (err) => reject(notInstalled("pg_restore", err)));
    restore.on("close", (code) =>
      code === 0
        ? resolve()
        : reject(new BackupError(`pg_restore failed (exit ${code}):\n${restoreErr.trim()}`)),
    );
  });
  const applied = new Promise<number | null>((resolve, reject) => {
    psql.on("error", (err) => reject(notInstalled("psql", err)));
    psql.on("close", (code) => {
      if (restore.exitCode === null) restore.kill("SIGKILL"); // psql stopped first: pg_restore would block on a full pipe
      resolve(code);
    });
  });
  const unchanged = "\nNothing was changed: the database holds what it held before.";
  return restored.then(
    async () => {
      psql.stdin.end(); // the whole dump is in: psql may now commit
      const code = await applied;
      if (code !== 0)
        throw new BackupError(`psql failed (exit ${code}):\n${psqlErr.trim()}${unchanged}`);
    },
    async (err: unknown) => {
      psql.kill("SIGKILL"); // before its input ends: the transaction is never committed
      await applied.catch(() => null);
      if (!(err instanceof BackupError)) throw err;
      const psqlSaid = psqlErr.trim() ? `\npsql: ${psqlErr.trim()}` : "";
      throw new BackupError(err.message + psqlSaid + unchanged);
    },
  );
}
