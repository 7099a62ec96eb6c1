import { index, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { user } from "./auth.js";

/** Accounts whose deletion is pending (migration 0029, docs/decisions/042-account-deletion.md). */
export const accountDeletions = pgTable(
  "account_deletions",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => user.id, { onDelete: "cascade" }),
    requestedAt: timestamp("requested_at", { withTimezone: true }).notNull(),
    /** When the housekeeping job erases the account (release clock: journeys move it). */
    eraseAt: timestamp("erase_at", { withTimezone: true }).notNull(),
    /** sha256 of the e-mailed cancel link's token (server/keys/link-token.ts). */
    cancelTokenHash: text("cancel_token_hash").notNull().unique(),
  },
  (t) => [index("account_deletions_erase_at_idx").on(t.eraseAt)],
);
