import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "./columns.js";
import { user } from "./auth.js";

/**
 * Requests to change an account's e-mail address (migration 0030, docs/decisions/043): the link to
 * the new address confirms it; once confirmed, the link to the old address undoes it. Hashes only.
 */
export const emailChanges = pgTable(
  "email_changes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    oldEmail: text("old_email").notNull(),
    newEmail: text("new_email").notNull(),
    confirmTokenHash: text("confirm_token_hash").notNull().unique(),
    confirmExpiresAt: timestamp("confirm_expires_at", { withTimezone: true }).notNull(),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    undoTokenHash: text("undo_token_hash").unique(),
    undoExpiresAt: timestamp("undo_expires_at", { withTimezone: true }),
    undoneAt: timestamp("undone_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("email_changes_user_idx").on(t.userId, t.createdAt)],
);
