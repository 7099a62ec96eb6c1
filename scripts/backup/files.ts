import { closeSync, existsSync, openSync, readSync, renameSync, rmSync } from "node:fs";
import path from "node:path";

/** A refusal or a failure the operator can act on: printed as it is, exit code 1. */
export class BackupError extends Error {}

/** A file that cannot be read or written (no such directory, no permission, disk full): its message says which. */
export const isFileSystemError = (err: unknown): err is NodeJS.ErrnoException =>
  err instanceof Error && typeof (err as NodeJS.ErrnoException).syscall === "string";

export type BackupKind = "postgres" | "pglite";

/** What a backup file holds, from its first bytes: pg_dump's custom format starts with PGDMP, PGlite's dump is a gzip tar. */
export function backupKindOf(file: string): BackupKind {
  if (!existsSync(file)) throw new BackupError(`${file}: no such file.`);
  const head = Buffer.alloc(5);
  const fd = openSync(file, "r");
  const length = readSync(fd, head, 0, 5, 0);
  closeSync(fd);
  if (length === 5 && head.toString("latin1") === "PGDMP") return "postgres";
  if (length >= 2 && head[0] === 0x1f && head[1] === 0x8b) return "pglite";
  throw new BackupError(
    `${file} is not a Legacy Vault backup (neither pg_dump's custom format nor a PGlite data directory dump).`,
  );
}

/**
 * Writes a backup through a temporary file next to `file`, renamed into place once complete: an
 * interrupted backup never leaves a truncated file under the name asked for.
 */
export async function writeAtomically(
  file: string,
  force: boolean,
  write: (tmp: string) => Promise<void>,
): Promise<void> {
  if (existsSync(file) && !force)
    throw new BackupError(
      `${file} already exists: choose a new name (a date in it), or pass --force to replace it.`,
    );
  const tmp = path.join(path.dirname(file), `.${path.basename(file)}.partial-${process.pid}`);
  try {
    await write(tmp);
    renameSync(tmp, file);
  } finally {
    rmSync(tmp, { force: true });
  }
}

/** `FILE [--force]`, in any order. */
export function parseArgs(argv: string[], usage: string): { file: string; force: boolean } {
  const force = argv.includes("--force");
  const rest = argv.filter((a) => a !== "--force");
  const unknown = rest.filter((a) => a.startsWith("-"));
  if (rest.length !== 1 || unknown.length > 0 || !rest[0]) throw new BackupError(`Usage: ${usage}`);
  return { file: rest[0], force };
}
