/**
 * npm run restore -- FILE [--force]
 * With DATABASE_URL: pg_restore into that database, which must be empty (--force: drop what is
 * in it first). Without: loads a PGlite backup into DATA_DIR/pglite, which must hold no database
 * (--force: move it aside first). The app must be stopped. Afterwards checks that the master key in
 * use opens the restored data keys (docs/decisions/030-backups.md).
 * Exit 0 restored; 1 refused or failed (message on stderr); 3 restored, but the master key in use
 * does not open it.
 */
import path from "node:path";
import { openPostgres, type Database } from "../server/db/client.js";
import { EnvError, parseEnv } from "../server/env.js";
import { BackupError, isFileSystemError, backupKindOf, parseArgs } from "./backup/files.js";
import { masterKeyProblem } from "./backup/master-key.js";
import { restorePglite } from "./backup/pglite.js";
import { restorePostgres } from "./backup/postgres.js";

try {
  const { file, force } = parseArgs(
    process.argv.slice(2),
    "npm run restore -- FILE [--force]   (--force replaces what the target holds)",
  );
  const env = parseEnv(process.env);
  const kind = backupKindOf(file);
  const started = performance.now();
  const checkKey = (database: Database) => masterKeyProblem(database.db, env);
  let problem: string | null;
  if (env.DATABASE_URL) {
    if (kind !== "postgres")
      throw new BackupError(
        `${file} is a PGlite backup: restore it without DATABASE_URL, into DATA_DIR (moving PGlite data to PostgreSQL is not supported by restore).`,
      );
    await restorePostgres(env.DATABASE_URL, path.resolve(file), force);
    const database = openPostgres(env.DATABASE_URL);
    try {
      problem = await checkKey(database);
    } finally {
      await database.close();
    }
  } else {
    if (kind !== "pglite")
      throw new BackupError(
        `${file} is a PostgreSQL backup (pg_dump): set DATABASE_URL to the empty database to restore it into.`,
      );
    const restored = await restorePglite(env.DATA_DIR, { file, force, check: checkKey });
    if (restored.movedAside)
      process.stdout.write(
        `The database that was in ${path.join(env.DATA_DIR, "pglite")} is now in ${restored.movedAside}.\n`,
      );
    problem = restored.checked;
  }
  process.stdout.write(
    `Restored ${file} in ${Math.round(performance.now() - started)} ms. The app applies any newer migrations when it starts.\n`,
  );
  if (problem) {
    process.stderr.write(`Warning: ${problem}\n`);
    process.exitCode = 3;
  }
} catch (err) {
  if (!(err instanceof BackupError || err instanceof EnvError || isFileSystemError(err))) throw err;
  process.stderr.write(`Restore failed: ${err.message}\n`);
  process.exitCode = 1;
}
