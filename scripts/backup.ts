/**
 * npm run backup -- FILE [--force]
 * With DATABASE_URL: pg_dump's custom format of that database. Without: a gzip tar of
 * DATA_DIR/pglite, taken by the running app or, when none runs, by this command. Consistent
 * while the app runs either way; never contains VAULT_MASTER_KEY (docs/decisions/030-backups.md).
 * Exit 0 with the file written (mode 600), 1 with a message on stderr.
 */
import { statSync } from "node:fs";
import { EnvError, parseEnv } from "../server/env.js";
import { BackupError, isFileSystemError, parseArgs, writeAtomically } from "./backup/files.js";
import { backupPglite } from "./backup/pglite.js";
import { backupPostgres } from "./backup/postgres.js";

try {
  const { file, force } = parseArgs(
    process.argv.slice(2),
    "npm run backup -- FILE [--force]   (--force replaces an existing FILE)",
  );
  const env = parseEnv(process.env);
  const started = performance.now();
  let how = "";
  await writeAtomically(file, force, async (tmp) => {
    if (env.DATABASE_URL) {
      await backupPostgres(env.DATABASE_URL, tmp);
      how = "PostgreSQL, pg_dump custom format";
    } else {
      const by = await backupPglite(env.DATA_DIR, tmp);
      how = by === "app" ? "PGlite, taken by the running app" : "PGlite, no app running";
    }
  });
  const mb = (statSync(file).size / 1024 / 1024).toFixed(1);
  process.stdout.write(
    `Backed up to ${file} (${how}; ${mb} MB in ${Math.round(performance.now() - started)} ms). It does not contain VAULT_MASTER_KEY: keep that key elsewhere.\n`,
  );
  if (env.S3_BUCKET)
    process.stdout.write(
      `Files' ciphertext in the bucket ${env.S3_BUCKET} is not in this file: the bucket's versioning keeps it (docs/operations.md, section 12).\n`,
    );
} catch (err) {
  if (!(err instanceof BackupError || err instanceof EnvError || isFileSystemError(err))) throw err;
  process.stderr.write(`Backup failed: ${err.message}\n`);
  process.exitCode = 1;
}
