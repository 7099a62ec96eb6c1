import { sql } from "drizzle-orm";
import {
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./columns.js";
import { user } from "./auth.js";

export const firms = pgTable(
  "firms",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    phone: text("phone"),
    address: text("address"),
    logoUrl: text("logo_url"),
    firmCode: text("firm_code").notNull().unique(),
    /** The firm page's address, /f/<slug> (decision 095); unique, lowercase letters, digits, hyphens. */
    slug: text("slug").notNull().unique("firms_slug_key"),
    /** The page's colour, `#rrggbb` with white text reaching WCAG AA on it; null: the default. */
    brandColor: text("brand_color"),
    /** The firm code made for the page when the firm publishes one (references firm_codes, set null). */
    pageCodeId: uuid("page_code_id"),
    /** Clients (regular_user members), kept by a trigger on profiles so /clients never counts 100,000 rows. */
    clientCount: integer("client_count").notNull().default(0),
    claimSecretHash: text("claim_secret_hash"),
    claimedAt: timestamp("claimed_at", { withTimezone: true }),
    /** The new account given at /firm-register, made admin when it confirms its address (decision 073). */
    pendingAdminId: text("pending_admin_id").references(() => user.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("firms_name_key").on(sql`lower(${t.name})`)],
);

export const firmUsers = pgTable(
  "firm_users",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    firmId: uuid("firm_id")
      .notNull()
      .references(() => firms.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.firmId] })],
);
