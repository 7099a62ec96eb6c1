import { sql } from "drizzle-orm";
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth.js";
import { firms } from "./firms.js";

/**
 * An owner's verifiers (docs/decisions/081): a person (name and e-mail) or the owner's firm as a
 * whole. Links and codes are kept as hashes only; no key, share or title lives here.
 */
export const verifiers = pgTable(
  "verifiers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ownerId: text("owner_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["person", "firm"] }).notNull(),
    name: text("name"),
    email: text("email"),
    firmId: uuid("firm_id").references(() => firms.id, { onDelete: "cascade" }),
    status: text("status", { enum: ["invited", "accepted", "declined"] })
      .notNull()
      .default("invited"),
    invitedAt: timestamp("invited_at", { withTimezone: true }).notNull(),
    respondedAt: timestamp("responded_at", { withTimezone: true }),
    lastAnsweredAt: timestamp("last_answered_at", { withTimezone: true }),
    nextCheckAt: timestamp("next_check_at", { withTimezone: true }),
    inviteTokenHash: text("invite_token_hash").unique(),
    inviteExpiresAt: timestamp("invite_expires_at", { withTimezone: true }),
    codeHash: text("code_hash"),
    codeExpiresAt: timestamp("code_expires_at", { withTimezone: true }),
    codeAttempts: integer("code_attempts").notNull().default(0),
    checkTokenHash: text("check_token_hash").unique(),
    checkExpiresAt: timestamp("check_expires_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("verifiers_owner_email_idx")
      .on(t.ownerId, t.email)
      .where(sql`${t.email} is not null`),
    uniqueIndex("verifiers_owner_firm_idx")
      .on(t.ownerId, t.firmId)
      .where(sql`${t.firmId} is not null`),
    index("verifiers_next_check_idx")
      .on(t.nextCheckAt)
      .where(sql`${t.status} = 'accepted'`),
    // migration 0048: an owner's verifiers, as app_plan_facts counts them
    index("verifiers_owner_idx").on(t.ownerId),
  ],
);

/** The owner's threshold k: how many verifiers must confirm (1 to the number who have not declined). */
export const verifierThresholds = pgTable("verifier_thresholds", {
  ownerId: text("owner_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  threshold: integer("threshold").notNull(),
});
