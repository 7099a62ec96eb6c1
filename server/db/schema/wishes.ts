import { foreignKey, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { assets } from "./assets.js";

/**
 * The owner's final wishes that open to their people as soon as a death is confirmed (k verifiers,
 * or the firm's attestation), before the wait ends (docs/decisions/097, migration 0057). A row is
 * the owner's choice; the item, its wraps and its people are the item's own.
 */
export const wishesAtReport = pgTable(
  "wishes_at_report",
  {
    assetId: uuid("asset_id").primaryKey(),
    ownerId: text("owner_id").notNull(),
    chosenAt: timestamp("chosen_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    foreignKey({
      name: "wishes_at_report_asset_fk",
      columns: [t.assetId, t.ownerId],
      foreignColumns: [assets.id, assets.userId],
    }).onDelete("cascade"),
    index("wishes_at_report_owner_idx").on(t.ownerId),
  ],
);
