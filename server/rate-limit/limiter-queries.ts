import { and, eq, gt, sql } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { rateLimits } from "../db/schema/index.js";

/**
 * Counts one hit against `key` in one statement: the window starts again at `now` when the stored one
 * is older than `windowMs`. Returns the key's count and window start after the hit.
 */
export async function upsertHit(
  db: Db,
  { key, windowMs, now }: { key: string; windowMs: number; now: number },
) {
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
  return rows[0] ?? null;
}

/** Takes one hit back from `key`, in the window that started at `windowStart` only. */
export async function decrementHit(db: Db, key: string, windowStart: number): Promise<void> {
  await db
    .update(rateLimits)
    .set({ count: sql`${rateLimits.count} - 1` })
    .where(
      and(
        eq(rateLimits.key, key),
        eq(rateLimits.windowStart, windowStart),
        gt(rateLimits.count, 0),
      ),
    );
}
