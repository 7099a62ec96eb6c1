import { boolean, integer, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth.js";
import { firms } from "./firms.js";
import { profiles } from "./profiles.js";

/**
 * Reminders to a firm's clients with incomplete plans (migration 0060, docs/decisions/100). The
 * firm's template and monthly switch, read by its admins under row-level security and written by
 * the system after the API's check.
 */
export const reminderSettings = pgTable("reminder_settings", {
  firmId: uuid("firm_id")
    .primaryKey()
    .references(() => firms.id, { onDelete: "cascade" }),
  subject: text("subject").notNull(),
  body: text("body").notNull(),
  isMonthly: boolean("is_monthly").notNull().default(false),
  /** When the monthly send next starts; claimed by moving it on a month (null: monthly off). */
  nextMonthlyAt: timestamp("next_monthly_at", { withTimezone: true }),
  updatedBy: text("updated_by").references(() => user.id, { onDelete: "set null" }),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** One send to the firm's clients with incomplete plans, with its progress. */
export const reminderRuns = pgTable("reminder_runs", {
  id: uuid("id").primaryKey().defaultRandom(),
  firmId: uuid("firm_id")
    .notNull()
    .references(() => firms.id, { onDelete: "cascade" }),
  /** The admin who pressed "Send reminders"; null for the monthly send. */
  startedBy: text("started_by").references(() => user.id, { onDelete: "set null" }),
  isMonthly: boolean("is_monthly").notNull().default(false),
  status: text("status", { enum: ["sending", "done"] })
    .notNull()
    .default("sending"),
  totalClients: integer("total_clients").notNull(),
  processedClients: integer("processed_clients").notNull().default(0),
  sentClients: integer("sent_clients").notNull().default(0),
  startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
  finishedAt: timestamp("finished_at", { withTimezone: true }),
});

/** The clients of a send; each claimed once (SKIP LOCKED) and marked done with its e-mail queued. */
export const reminderRunClients = pgTable(
  "reminder_run_clients",
  {
    runId: uuid("run_id")
      .notNull()
      .references(() => reminderRuns.id, { onDelete: "cascade" }),
    clientId: text("client_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    processedAt: timestamp("processed_at", { withTimezone: true }),
    /** Sent, or skipped when its turn came (opted out, reminded this month, plan complete, left the firm). */
    isSent: boolean("is_sent"),
  },
  (t) => [primaryKey({ columns: [t.runId, t.clientId] })],
);

/** Each client's last reminder (at most one a month, whichever firm; a trigger refuses sooner). */
export const clientReminders = pgTable("client_reminders", {
  clientId: text("client_id")
    .primaryKey()
    .references(() => profiles.id, { onDelete: "cascade" }),
  lastSentAt: timestamp("last_sent_at", { withTimezone: true }).notNull(),
});

/** A client who wants no reminders; no reason is asked or kept. */
export const reminderOptOuts = pgTable("reminder_opt_outs", {
  clientId: text("client_id")
    .primaryKey()
    .references(() => profiles.id, { onDelete: "cascade" }),
  optedOutAt: timestamp("opted_out_at", { withTimezone: true }).notNull().defaultNow(),
});

/** The one-click opt-out links' tokens, hashed (sha256); each opts out its own client only. */
export const reminderOptOutTokens = pgTable("reminder_opt_out_tokens", {
  tokenHash: text("token_hash").primaryKey(),
  clientId: text("client_id")
    .notNull()
    .references(() => profiles.id, { onDelete: "cascade" }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
