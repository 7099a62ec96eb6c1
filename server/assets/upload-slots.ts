import type { Database } from "../db/client.js";

/**
 * How many uploads write to the database at once; the others wait with their body read (reading
 * is not limited: a slow client must not hold up everyone's uploads). Each write costs the driver
 * copies of the pieces it sends (docs/decisions/015), which should not all exist at once when
 * several uploads arrive together (issue 4: 4 concurrent 10 MB uploads, < 100 MB growth;
 * scripts/bench/upload-memory.ts).
 * PGlite runs one statement at a time anyway; PostgreSQL writes two files at once.
 */
const SLOTS: Record<Database["kind"], number> = { pglite: 1, postgres: 2 };

function createLimiter(size: number) {
  let free = size;
  const waiting: (() => void)[] = [];
  return async <T>(fn: () => Promise<T>): Promise<T> => {
    if (free > 0) free--;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await fn();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else free++;
    }
  };
}

const limiters = { pglite: createLimiter(SLOTS.pglite), postgres: createLimiter(SLOTS.postgres) };

/** Runs `fn` (an upload's database write) once one of the driver's slots is free. */
export const withUploadSlot = <T>(driver: Database["kind"], fn: () => Promise<T>): Promise<T> =>
  limiters[driver](fn);
