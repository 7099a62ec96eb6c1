import { sql } from "drizzle-orm";
import { check, date, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { MESSAGE_DELIVERY_WHEN, MILESTONE_CONFIRMERS } from "../../../common/messages.js";
import { assets } from "./assets.js";
import { user } from "./auth.js";
import { bytea, updatedAt } from "./columns.js";

/**
 * When each message is delivered (docs/decisions/089), and the server's waiting share W of its key
 * (sealed under HKDF(master key, "message-share"), the message id as additional data), handed out
 * only once the message is delivered. due_at is null until the owner's release starts the clock.
 */
export const messageSchedules = pgTable(
  "message_schedules",
  {
    assetId: uuid("asset_id")
      .primaryKey()
      .references(() => assets.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    deliverWhen: text("deliver_when", { enum: MESSAGE_DELIVERY_WHEN }).notNull(),
    /** YYYY-MM-DD: the day of a message delivered on a date. */
    deliverOn: date("deliver_on", { mode: "string" }),
    /** The years after the release of an anniversary message. */
    yearsAfter: integer("years_after"),
    /** A milestone's description in clear ("Emma's wedding day"), read by its confirmer (decision 109). */
    milestoneLabel: text("milestone_label"),
    /** Who confirms a milestone: the owner's executor or the owner's firm. */
    milestoneConfirmer: text("milestone_confirmer", { enum: MILESTONE_CONFIRMERS }),
    /** When the milestone was confirmed (after the release; due_at is set to it). Who: the audit row. */
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    waitingShare: bytea("waiting_share").notNull(),
    releasedAt: timestamp("released_at", { withTimezone: true }),
    dueAt: timestamp("due_at", { withTimezone: true }),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      "message_schedules_when",
      sql`(${t.deliverWhen} = 'release' AND ${t.deliverOn} IS NULL AND ${t.yearsAfter} IS NULL AND ${t.milestoneLabel} IS NULL AND ${t.milestoneConfirmer} IS NULL) OR (${t.deliverWhen} = 'date' AND ${t.deliverOn} IS NOT NULL AND ${t.yearsAfter} IS NULL AND ${t.milestoneLabel} IS NULL AND ${t.milestoneConfirmer} IS NULL) OR (${t.deliverWhen} = 'anniversary' AND ${t.deliverOn} IS NULL AND ${t.yearsAfter} BETWEEN 1 AND 25 AND ${t.milestoneLabel} IS NULL AND ${t.milestoneConfirmer} IS NULL) OR (${t.deliverWhen} = 'milestone' AND ${t.deliverOn} IS NULL AND ${t.yearsAfter} IS NULL AND length(${t.milestoneLabel}) BETWEEN 1 AND 120 AND ${t.milestoneConfirmer} IN ('executor', 'firm'))`,
    ),
    check(
      "message_schedules_confirmed",
      sql`${t.confirmedAt} IS NULL OR (${t.deliverWhen} = 'milestone' AND ${t.releasedAt} IS NOT NULL)`,
    ),
    index("message_schedules_due_idx")
      .on(t.dueAt)
      .where(sql`${t.deliveredAt} IS NULL AND ${t.dueAt} IS NOT NULL`),
    index("message_schedules_user_idx").on(t.userId),
  ],
);
