import { sql } from "drizzle-orm";
import {
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { user } from "./auth.js";
import { releases } from "./release.js";
import { verifiers } from "./verifiers.js";

/**
 * The owner's verifiers asked to reach them before any wait starts (docs/decisions/085): open until
 * a verifier reached the owner, the owner checked in, or the wait started. No key or title here.
 */
export const escalations = pgTable(
  "escalations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ownerId: text("owner_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    status: text("status", {
      enum: ["open", "reached", "checked_in", "wait_started", "stopped"],
    })
      .notNull()
      .default("open"),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    /** The window ended under "never release without a verifier": it stays open for their answer. */
    heldAt: timestamp("held_at", { withTimezone: true }),
    closedAt: timestamp("closed_at", { withTimezone: true }),
    releaseId: uuid("release_id").references(() => releases.id, { onDelete: "set null" }),
  },
  (t) => [
    uniqueIndex("escalations_open_idx")
      .on(t.ownerId)
      .where(sql`${t.status} = 'open'`),
    index("escalations_owner_idx").on(t.ownerId, t.startedAt),
  ],
);

/** One answer per verifier: "I reached them" or "I could not reach them". */
export const escalationAnswers = pgTable(
  "escalation_answers",
  {
    escalationId: uuid("escalation_id")
      .notNull()
      .references(() => escalations.id, { onDelete: "cascade" }),
    verifierId: uuid("verifier_id")
      .notNull()
      .references(() => verifiers.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    answer: text("answer", { enum: ["reached", "unreachable"] }).notNull(),
    answeredAt: timestamp("answered_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.escalationId, t.verifierId] })],
);
