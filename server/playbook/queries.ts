import { eq } from "drizzle-orm";
import type { Tx } from "../db/client.js";
import { playbookTicks } from "../db/schema/index.js";

export type PlaybookTicksRow = typeof playbookTicks.$inferSelect;

/** The owner's sealed checklist, or undefined before their first tick (run under their RLS). */
export const selectPlaybookTicks = async (tx: Tx, ownerId: string) =>
  (await tx.select().from(playbookTicks).where(eq(playbookTicks.ownerId, ownerId)))[0];

/** Writes the whole sealed checklist and its count; the owner's row only (RLS checks it too). */
export const upsertPlaybookTicks = async (tx: Tx, row: PlaybookTicksRow) =>
  (
    await tx
      .insert(playbookTicks)
      .values(row)
      .onConflictDoUpdate({
        target: playbookTicks.ownerId,
        set: {
          ticksKey: row.ticksKey,
          ticks: row.ticks,
          tickedCount: row.tickedCount,
          updatedAt: row.updatedAt,
        },
      })
      .returning()
  )[0];
