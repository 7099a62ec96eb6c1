import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import path from "node:path";

/** One process owns a PGlite data directory: PGlite has no lock of its own. */
export function lockDataDir(dir: string): () => void {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, "legacy-vault.lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, "wx");
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(file, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      const pid = Number(readFileSync(file, "utf8").trim());
      if (pid && pid !== process.pid && isAlive(pid)) {
        throw new DataDirLockedError(
          `Another Legacy Vault process (pid ${pid}) is using the data directory ${path.resolve(dir)}.\n` +
            `Stop it first, or start this one with another DATA_DIR, or set DATABASE_URL to share a PostgreSQL server.`,
        );
      }
      rmSync(file, { force: true }); // stale lock from a process that died
    }
  }
  throw new DataDirLockedError(`Could not lock ${file}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

export class DataDirLockedError extends Error {}
