import type { Database } from "../db/client.js";
import { takeTurns } from "../take-turns.js";

/**
 * How many uploads write to the database at once; the others wait with their body read (reading
 * is not limited: a slow client must not hold up everyone's uploads). Each write costs the driver
 * copies of the pieces it sends (docs/decisions/015), which should not all exist at once when
 * several uploads arrive together (issue 4: 4 concurrent 10 MB uploads, < 100 MB growth;
 * scripts/bench/upload-memory.ts).
 * PGlite runs one statement at a time anyway; PostgreSQL writes two files at once.
 */
const SLOTS: Record<Database["kind"], number> = { pglite: 1, postgres: 2 };

const limiters = { pglite: takeTurns(SLOTS.pglite), postgres: takeTurns(SLOTS.postgres) };

/** Runs `fn` (an upload's database write) once one of the driver's slots is free. */
export const withUploadSlot = <T>(driver: Database["kind"], fn: () => Promise<T>): Promise<T> =>
  limiters[driver](fn);
