import { integer, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth.js";

/**
 * The evidence of a release (migration 0041, docs/decisions/079): per owner, an append-only chain of
 * entries; `entry` is the canonical JSON that `hash` covers after `prevHash`. A trigger refuses any
 * UPDATE, and any DELETE but the account erasure's cascade; lv_app has no UPDATE or DELETE grant.
 */
export const releaseEvidence = pgTable(
  "release_evidence",
  {
    ownerId: text("owner_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    seq: integer("seq").notNull(),
    /** The release the entry belongs to; null before one started (plan, reminders, check-ins). */
    releaseId: uuid("release_id"),
    kind: text("kind").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull(),
    /** The beneficiary the entry concerns (their part of the log), lower-cased; null for the others. */
    beneficiaryEmail: text("beneficiary_email"),
    entry: text("entry").notNull(),
    prevHash: text("prev_hash").notNull(),
    hash: text("hash").notNull(),
  },
  (t) => [primaryKey({ name: "release_evidence_pk", columns: [t.ownerId, t.seq] })],
);
