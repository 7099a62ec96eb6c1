import { sql } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { rateLimits } from "../db/schema.js";

export type Limit = { max: number; windowSeconds: number };

/**
 * Counts one hit against `key` in a window that starts at the key's first hit (not at a
 * clock boundary, which would let a burst straddling the boundary through twice) and is
 * stored in PostgreSQL, shared by every app process. Returns the seconds to wait when the
 * limit is exceeded, else 0.
 */
export async function hit(db: Db, key: string, limit: Limit, now = Date.now()): Promise<number> {
  const windowMs = limit.windowSeconds * 1000;
  const isSameWindow = sql`${rateLimits.windowStart} > excluded.window_start - ${windowMs}`;
  const rows = await db
    .insert(rateLimits)
    .values({ key, windowStart: now, count: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${isSameWindow} then ${rateLimits.count} + 1 else 1 end`,
        windowStart: sql`case when ${isSameWindow} then ${rateLimits.windowStart} else excluded.window_start end`,
      },
    })
    .returning({ count: rateLimits.count, windowStart: rateLimits.windowStart });
  const row = rows[0];
  if (!row || row.count <= limit.max) return 0;
  return Math.max(1, Math.ceil((row.windowStart + windowMs - now) / 1000));
}
