import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { bytea } from "./columns.js";

/** The beneficiary portal: e-mailed 6-digit codes (sha256 only) and the sessions they open. */
export const legacyCodes = pgTable("legacy_codes", {
  email: text("email").primaryKey(),
  codeHash: text("code_hash").notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  attempts: integer("attempts").notNull().default(0),
});

export const legacySessions = pgTable(
  "legacy_sessions",
  {
    tokenHash: text("token_hash").primaryKey(),
    email: text("email").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    /**
     * 32 random bytes that wrap the access keys a beneficiary brought, in that browser tab's
     * sessionStorage (decision 075, as session_vault_keys for an owner): made on the session's
     * first request for it, gone with the session. Never the access keys themselves.
     */
    tabKey: bytea("tab_key"),
  },
  (t) => [index("legacy_sessions_email_idx").on(t.email)],
);
