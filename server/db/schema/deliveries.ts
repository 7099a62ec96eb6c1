import {
  check,
  index,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uuid,
} from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { assets } from "./assets.js";
import { user } from "./auth.js";
import { bytea, updatedAt } from "./columns.js";
import { beneficiaryKeys } from "./keys.js";
import { releases } from "./release.js";

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
    /** How long each person has to claim (open) the item before the next fallback is used. */
    claimDays: smallint("claim_days").notNull().default(30),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("item_deliveries_delay", sql`${t.delayDays} IN (0, 7, 30, 90)`),
    check("item_deliveries_claim", sql`${t.claimDays} IN (30, 60, 90)`),
    index("item_deliveries_user_idx").on(t.userId),
  ],
);

/**
 * An item's fallback people in order (decision 096), each with the item key wrapped for their
 * beneficiary key in the owner's browser; withheld until the one before has not claimed in time.
 */
export const itemFallbacks = pgTable(
  "item_fallbacks",
  {
    assetId: uuid("asset_id")
      .notNull()
      .references(() => assets.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    position: smallint("position").notNull(),
    email: text("email").notNull(),
    beneficiaryKeyId: uuid("beneficiary_key_id")
      .notNull()
      .references(() => beneficiaryKeys.id, { onDelete: "cascade" }),
    /** 12-byte IV ‖ AES-GCM(BK of this address, CK), the asset id as additional data. */
    wrappedKey: bytea("wrapped_key").notNull(),
  },
  (t) => [
    primaryKey({ name: "item_fallbacks_pk", columns: [t.assetId, t.position] }),
    unique("item_fallbacks_email").on(t.assetId, t.email),
    check("item_fallbacks_position", sql`${t.position} BETWEEN 1 AND 3`),
    index("item_fallbacks_user_idx").on(t.userId),
  ],
);

/**
 * A beneficiary of a release reported dead by an admin of the owner's firm (decision 105): their
 * unopened items go at once to the next person in turn. A system table (no grant to lv_app).
 */
export const reportedDeaths = pgTable(
  "reported_deaths",
  {
    releaseId: uuid("release_id")
      .notNull()
      .references(() => releases.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    reportedBy: text("reported_by").references(() => user.id, { onDelete: "set null" }),
    reportedAt: timestamp("reported_at", { withTimezone: true }).notNull(),
    note: text("note"),
  },
  (t) => [primaryKey({ name: "reported_deaths_pk", columns: [t.releaseId, t.email] })],
);
