import type { Db } from "../db/client.js";
import { decrementHit, upsertHit } from "./limiter-queries.js";

export type Limit = { max: number; windowSeconds: number };

/** One counted hit: the seconds to wait (0 when within the limit) and the window it was counted in (to give it back). */
export type Hit = { key: string; wait: number; windowStart: number };

/**
 * Counts one hit against `key` in a window that starts at the key's first hit (not at a
 * clock boundary, which would let a burst straddling the boundary through twice) and is
 * stored in PostgreSQL, shared by every app process.
 */
export async function countHit(
  db: Db,
  { key, limit, now = Date.now() }: { key: string; limit: Limit; now?: number },
): Promise<Hit> {
  const windowMs = limit.windowSeconds * 1000;
  const row = await upsertHit(db, { key, windowMs, now });
  if (!row) return { key, wait: 0, windowStart: now };
  const wait =
    row.count <= limit.max ? 0 : Math.max(1, Math.ceil((row.windowStart + windowMs - now) / 1000));
  return { key, wait, windowStart: row.windowStart };
}

/** Counts one hit against `key`; the seconds to wait when the limit is exceeded, else 0. */
export async function hit(
  db: Db,
  counted: { key: string; limit: Limit; now?: number },
): Promise<number> {
  return (await countHit(db, counted)).wait;
}

/**
 * Takes a hit back (the request turned out not to count), in the window it was counted in only:
 * once that window has ended and a newer one started, the newer one's count is not touched.
 */
export async function giveBack(db: Db, hits: Hit[]): Promise<void> {
  for (const { key, windowStart } of hits) {
    await decrementHit(db, key, windowStart);
  }
}

/** One hit on a signed-in account's own counter for operation `name`; the seconds to wait when it is over `limit`, else 0. */
export const hitAccount = (
  db: Db,
  { name, userId, limit }: { name: string; userId: string; limit: Limit },
) => hit(db, { key: `user:${userId}:${name}`, limit });
