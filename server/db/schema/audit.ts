import { sql } from "drizzle-orm";
import {
  bigserial,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
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
    /** Whose activity timeline the row is on: the account or vault it is about (migration 0027). */
    ownerId: text("owner_id"),
    /** The firm whose activity timeline the row is on (migration 0027). */
    firmId: uuid("firm_id"),
  },
  (t) => [
    index("audit_log_actor_idx").on(t.actorId, t.at),
    index("audit_log_subject_idx").on(t.subjectId, t.at),
    uniqueIndex("audit_log_dedup_key_idx")
      .on(t.dedupKey)
      .where(sql`${t.dedupKey} is not null`),
    index("audit_log_owner_timeline_idx")
      .on(t.ownerId, t.at.desc(), t.id.desc())
      .where(sql`${t.ownerId} is not null`),
    index("audit_log_firm_timeline_idx")
      .on(t.firmId, t.at.desc(), t.id.desc())
      .where(sql`${t.firmId} is not null`),
    index("audit_log_view_digest_idx")
      .on(t.at, t.ownerId)
      .where(sql`${t.action} in ('client_dashboard.viewed', 'activity.views_digest_sent')`),
  ],
);
