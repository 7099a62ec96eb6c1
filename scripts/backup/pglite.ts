import {
  chmodSync,
  existsSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import path from "node:path";
import {
  backupSocketPath,
  BackupSocketError,
  requestBackup,
} from "../../server/db/backup-socket.js";
import { openPglite, type Database } from "../../server/db/client.js";
import { DataDirLockedError, lockDataDir } from "../../server/db/lock.js";
import { BackupError } from "./files.js";

const LOCK_FILE = "legacy-vault.lock";

/**
 * A gzip tar of DATA_DIR/pglite, consistent while the app runs: when a process holds the
 * directory, it takes the copy itself and sends it over its backup socket; when none does, this
 * command takes the lock (so no app can start meanwhile) and opens the directory itself.
 */
export async function backupPglite(dataDir: string, tmp: string): Promise<"app" | "direct"> {
  const dir = path.join(dataDir, "pglite");
  if (!existsSync(path.join(dir, "PG_VERSION")))
    throw new BackupError(`There is no database in ${path.resolve(dir)} (check DATA_DIR).`);
  let unlock: () => void;
  try {
    unlock = lockDataDir(dir);
  } catch (err) {
    if (!(err instanceof DataDirLockedError)) throw err;
    try {
      writePrivate(tmp, await requestBackup(backupSocketPath(dataDir)));
    } catch (socketErr) {
      if (!(socketErr instanceof BackupSocketError)) throw socketErr;
      throw new BackupError(
        `${err.message.split("\n")[0] ?? ""}\nIt did not hand over a backup: ${socketErr.message}.\n` +
          `If it is the app, check its log (an app from before backups existed has no backup socket: stop it, back up, start it again); ` +
          `if it is another backup or a restore, wait for it to finish.`,
      );
    }
    return "app";
  }
  let database: Database | undefined;
  try {
    database = await openPglite(dir);
    const dump = database.dumpDataDir;
    if (!dump) throw new Error("PGlite without dumpDataDir");
    writePrivate(tmp, Buffer.from(await (await dump()).arrayBuffer()));
  } finally {
    await database?.close();
    unlock();
  }
  return "direct";
}

function writePrivate(file: string, bytes: Buffer) {
  writeFileSync(file, bytes, { mode: 0o600 });
  chmodSync(file, 0o600);
}

/**
 * Loads a backup into DATA_DIR/pglite, which must hold no database unless `force`: then the
 * existing directory is moved aside (never deleted). Refuses while an app runs on it.
 */
export async function restorePglite<T>(
  dataDir: string,
  {
    file,
    force,
    check,
  }: { file: string; force: boolean; check: (database: Database) => Promise<T> },
): Promise<{ movedAside?: string; checked: T }> {
  const dir = path.join(dataDir, "pglite");
  const lockedMessage = (err: DataDirLockedError) =>
    new BackupError(
      `${err.message.split("\n")[0] ?? ""}\nA restore needs every app process on it stopped: stop it, then restore.`,
    );
  let unlock: () => void;
  try {
    unlock = lockDataDir(dir);
  } catch (err) {
    if (err instanceof DataDirLockedError) throw lockedMessage(err);
    throw err;
  }
  let movedAside: string | undefined;
  let database: Database | undefined;
  let checked: T;
  try {
    const contents = readdirSync(dir).filter((name) => name !== LOCK_FILE);
    if (contents.length > 0) {
      if (!force)
        throw new BackupError(
          `${path.resolve(dir)} is not empty${contents.includes("PG_VERSION") ? " (it holds a database)" : ""}. ` +
            `Restore into a fresh DATA_DIR, or pass --force to move this directory aside and restore in its place.`,
        );
      movedAside = `${dir}.before-restore-${new Date().toISOString().replace(/[:.]/g, "-")}`;
      unlock();
      renameSync(dir, movedAside);
      rmSync(path.join(movedAside, LOCK_FILE), { force: true });
      try {
        unlock = lockDataDir(dir);
      } catch (err) {
        if (err instanceof DataDirLockedError) throw lockedMessage(err);
        throw err;
      }
    }
    // The dump holds the lock file of the process that made it, written over ours: unlock removes it.
    try {
      database = await openPglite(dir, new Blob([readFileSync(file)]));
      await database.ping();
    } catch (err) {
      throw new BackupError(
        `Restoring ${file} failed: ${err instanceof Error ? err.message : String(err)}\n` +
          `${path.resolve(dir)} may hold part of it: remove it before trying again` +
          (movedAside ? ` (the database that was there is in ${movedAside}).` : "."),
      );
    }
    checked = await check(database);
  } finally {
    await database?.close();
    unlock();
  }
  return { movedAside, checked };
}
