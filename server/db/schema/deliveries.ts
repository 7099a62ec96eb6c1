import { check, index, pgTable, smallint, text, uuid } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { assets } from "./assets.js";
import { user } from "./auth.js";
import { updatedAt } from "./columns.js";

/**
 * Items delivered later (docs/decisions/096): the days after the release an item waits (7, 30 or
 * 90). No row: the item is given at the release.
 */
export const itemDeliveries = pgTable(
  "item_deliveries",
  {
    assetId: uuid("asset_id")
      .primaryKey()
      .references(() => assets.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    delayDays: smallint("delay_days").notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("item_deliveries_delay", sql`${t.delayDays} IN (7, 30, 90)`),
    index("item_deliveries_user_idx").on(t.userId),
  ],
);
