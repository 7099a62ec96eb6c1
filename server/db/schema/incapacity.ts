import {
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { assets } from "./assets.js";
import { user } from "./auth.js";
import { bytea } from "./columns.js";
import { beneficiaryKeys } from "./keys.js";
import { verifierReports } from "./verifier-reports.js";

/** The owner's incapacity settings (docs/decisions/093): the scope's own wait and how long access lasts. */
export const incapacityPlans = pgTable("incapacity_plans", {
  ownerId: text("owner_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  waitDays: integer("wait_days").notNull().default(2),
  accessDays: integer("access_days").notNull().default(30),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
});

/** An item marked "for incapacity" for one caregiver's address, its content key wrapped by the owner's browser. */
export const incapacityItems = pgTable(
  "incapacity_items",
  {
    assetId: uuid("asset_id").notNull(),
    ownerId: text("owner_id").notNull(),
    /** Lower-case, as beneficiary keys store it. */
    email: text("email").notNull(),
    beneficiaryKeyId: uuid("beneficiary_key_id")
      .notNull()
      .references(() => beneficiaryKeys.id, { onDelete: "cascade" }),
    /** 12-byte IV ‖ AES-GCM(the caregiver's beneficiary key, content key), the asset id as additional data. */
    wrappedKey: bytea("wrapped_key").notNull(),
  },
  (t) => [
    primaryKey({ name: "incapacity_items_pk", columns: [t.assetId, t.email] }),
    foreignKey({
      name: "incapacity_items_asset_fk",
      columns: [t.assetId, t.ownerId],
      foreignColumns: [assets.id, assets.userId],
    }).onDelete("cascade"),
    index("incapacity_items_email_idx").on(t.email),
    index("incapacity_items_owner_idx").on(t.ownerId),
  ],
);

/** One run of the incapacity scope: waiting (the owner can stop it), active (caregivers read), ended. */
export const incapacityScopes = pgTable(
  "incapacity_scopes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ownerId: text("owner_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    status: text("status", { enum: ["waiting", "active", "ended"] }).notNull(),
    reportId: uuid("report_id").references(() => verifierReports.id, { onDelete: "set null" }),
    reporterName: text("reporter_name").notNull(),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
    opensAt: timestamp("opens_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }),
    endedAt: timestamp("ended_at", { withTimezone: true }),
    endedVia: text("ended_via", {
      enum: ["sign_in", "check_in", "withdrawn", "expired", "released"],
    }),
  },
  (t) => [index("incapacity_scopes_owner_idx").on(t.ownerId, t.startedAt)],
);
