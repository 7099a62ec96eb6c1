import { statfsSync } from "node:fs";
import type { PGlite } from "@electric-sql/pglite";

/**
 * Below this much free space on its disk, PGlite is switched to read-only. PGlite must never meet
 * a full disk itself: a checkpoint or a new WAL segment (16 MiB) that fails for lack of space leaves
 * it spinning at 100% CPU inside WebAssembly on its next statement, with Node's event loop blocked
 * (no request answered, SIGTERM ignored). See docs/decisions/021-database-guards.md.
 */
export const PGLITE_MIN_FREE_BYTES = 64 * 1024 * 1024;

/**
 * A reading this far above PGLITE_MIN_FREE_BYTES stands for TRUSTED_READING_MS: the disk is read
 * again at the first check after that, not before every statement (statfs took about 15 µs, ten
 * times in a sign-in; decision 065). PGlite writes far less than a gibibyte in a second (a 10 MB
 * upload takes about 200 ms), so the floor cannot be crossed unseen in that time.
 */
export const TRUSTED_MARGIN_BYTES = 1024 * 1024 * 1024;
export const TRUSTED_READING_MS = 1000;

/** What a refused write throws: disk_full, which toAppError answers with 507 STORAGE_FULL. */
export class StorageFullError extends Error {
  readonly code = "53100";
}

export type StorageGuard = {
  /** Before each statement outside a transaction and each transaction: read-only while space is short, writable again once it is back. */
  check(): Promise<void>;
  /** A write refused by read-only mode becomes a StorageFullError; anything else is returned as it is. */
  translate(err: unknown): unknown;
};

/** The time and the disk's free space, as the guard reads them (a test gives its own). */
type Readings = { now(): number; freeBytes(dir: string): number };
const systemReadings: Readings = {
  now: () => performance.now(),
  freeBytes: (dir) => {
    const { bavail, bsize } = statfsSync(dir);
    return bavail * bsize;
  },
};

/** Keeps PGlite read-only while the disk holding `dir` has less than PGLITE_MIN_FREE_BYTES free. */
export function createStorageGuard(
  dir: string,
  client: Pick<PGlite, "exec">,
  readings: Readings = systemReadings,
): StorageGuard {
  let isReadOnly = false;
  let trustedUntil = -Infinity;
  return {
    async check() {
      if (readings.now() < trustedUntil) return;
      const free = readings.freeBytes(dir);
      trustedUntil =
        free >= PGLITE_MIN_FREE_BYTES + TRUSTED_MARGIN_BYTES
          ? readings.now() + TRUSTED_READING_MS
          : -Infinity;
      const isShort = free < PGLITE_MIN_FREE_BYTES;
      if (isShort === isReadOnly) return;
      isReadOnly = isShort;
      await client.exec(`set default_transaction_read_only = ${isShort ? "on" : "off"}`);
    },
    translate(err) {
      if (!isReadOnly || !hasCode(err, "25006")) return err; // read_only_sql_transaction
      return new StorageFullError(
        `Less than ${PGLITE_MIN_FREE_BYTES / 1024 / 1024} MiB free on the disk of ${dir}: the database is read-only until space returns`,
        {
          cause: err,
        },
      );
    },
  };
}

function hasCode(err: unknown, code: string): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 5; depth++) {
    if ((e as { code?: unknown }).code === code) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
