import { check, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { user } from "./auth.js";
import { bytea } from "./columns.js";

/**
 * The owner's playbook checklist (docs/decisions/088): which platforms' own legacy tools they set
 * up, sealed in their browser (a key of its own wrapped with the data key), and, in clear, only how
 * many they ticked, for plan health.
 */
export const playbookTicks = pgTable(
  "playbook_ticks",
  {
    ownerId: text("owner_id")
      .primaryKey()
      .references(() => user.id, { onDelete: "cascade" }),
    ticksKey: bytea("ticks_key").notNull(),
    ticks: bytea("ticks").notNull(),
    tickedCount: integer("ticked_count").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [check("playbook_ticks_count", sql`${t.tickedCount} >= 0`)],
);
