import { boolean, index, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { bytea, createdAt } from "./columns.js";
import { user } from "./auth.js";

export const beneficiaries = pgTable(
  "beneficiaries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone"),
    relationship: text("relationship"),
    notes: text("notes"),
    /** Phone, relationship and notes sealed in the owner's browser (decision 038): key and data. */
    detailsKey: bytea("details_key"),
    details: bytea("details"),
    /** Roles besides beneficiary (decision 091, migration 0052): one person may hold both. */
    isExecutor: boolean("is_executor").notNull().default(false),
    isLegalContact: boolean("is_legal_contact").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index("beneficiaries_user_created_idx").on(t.userId, t.createdAt.desc().nullsFirst())],
);
