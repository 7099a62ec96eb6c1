import { sql } from "drizzle-orm";
import { bigserial, check, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt } from "./columns.js";

export const MAIL_STATUSES = ["pending", "sent", "expired", "failed"] as const;

/**
 * Mail to send (server/mail/outbox.ts). Subject and bodies ('' once erased) are kept only while the
 * message may still go out: a sent, expired or failed message keeps what an operator needs
 * (migration 0017, docs/decisions/020-outbox-erasure-and-housekeeping.md).
 */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    to: text("to").notNull(),
    /** Which message this is (e.g. "reset-password"): what an operator reads once the body is gone. */
    template: text("template").notNull(),
    status: text("status", { enum: MAIL_STATUSES }).notNull().default("pending"),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html").notNull(),
    createdAt: createdAt(),
    /** When the link or code in it stops working (null: it carries none); not sent after that. */
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    lastError: text("last_error"),
  },
  (t) => [
    check("mail_outbox_status_check", sql`${t.status} in ('pending', 'sent', 'expired', 'failed')`),
    index("mail_outbox_due_idx")
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    index("mail_outbox_expires_idx")
      .on(t.expiresAt)
      .where(sql`${t.status} = 'pending'`),
    index("mail_outbox_created_idx").on(t.createdAt),
  ],
);
