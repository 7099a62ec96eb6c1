import { sql } from "drizzle-orm";
import {
  bigserial,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

export const auditLog = pgTable(
  "audit_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    actorId: text("actor_id"),
    action: text("action").notNull(),
    subjectType: text("subject_type"),
    subjectId: text("subject_id"),
    ip: text("ip"),
    details: jsonb("details").$type<Record<string, unknown>>(),
    /** Set only for events written at most once per key and window (migration 0020, server/audit/record.ts). */
    dedupKey: text("dedup_key"),
  },
  (t) => [
    index("audit_log_actor_idx").on(t.actorId, t.at),
    index("audit_log_subject_idx").on(t.subjectId, t.at),
    uniqueIndex("audit_log_dedup_key_idx")
      .on(t.dedupKey)
      .where(sql`${t.dedupKey} is not null`),
  ],
);
