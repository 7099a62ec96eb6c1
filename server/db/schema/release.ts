import { sql } from "drizzle-orm";
import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { bytea } from "./columns.js";
import { assets } from "./assets.js";
import { user } from "./auth.js";
import { firms } from "./firms.js";

/** The owner's release plan: the inactivity trigger (null months: off) and the waiting period. */
export const releasePlans = pgTable("release_plans", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  inactivityMonths: integer("inactivity_months"),
  waitDays: integer("wait_days").notNull().default(7),
  lastCheckInAt: timestamp("last_check_in_at", { withTimezone: true }).notNull(),
  /** "Never release without a verifier": inactivity alone never starts the wait (decision 085). */
  requireVerifier: boolean("require_verifier").notNull().default(false),
  /** The longest pause (travel, hospital) the owner allows themself, in days (0: none). */
  maxPauseDays: integer("max_pause_days").notNull().default(90),
  /** Paused until then: the countdown starts again from this date (decision 085). */
  pausedUntil: timestamp("paused_until", { withTimezone: true }),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
});

/** A release of one owner's vault: started (inactivity or a firm's attestation), then cancelled or released. */
export const releases = pgTable(
  "releases",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    trigger: text("trigger", { enum: ["inactivity", "attestation", "verifiers"] }).notNull(),
    status: text("status", { enum: ["waiting", "cancelled", "released"] }).notNull(),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
    releaseAt: timestamp("release_at", { withTimezone: true }).notNull(),
    releasedAt: timestamp("released_at", { withTimezone: true }),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    cancelledBy: text("cancelled_by"),
    attestedBy: text("attested_by").references(() => user.id, { onDelete: "set null" }),
    attesterName: text("attester_name"),
    eventDate: text("event_date"),
    firmId: uuid("firm_id").references(() => firms.id, { onDelete: "set null" }),
  },
  (t) => [
    // A release cannot be started twice: one waiting or released release per owner.
    uniqueIndex("releases_one_open_idx")
      .on(t.userId)
      .where(sql`${t.status} in ('waiting', 'released')`),
    index("releases_user_idx").on(t.userId, t.startedAt),
  ],
);

/** An attestation's document (e.g. a death certificate), encrypted at rest under a key derived from the master key. */
export const releaseDocuments = pgTable("release_documents", {
  releaseId: uuid("release_id")
    .primaryKey()
    .references(() => releases.id, { onDelete: "cascade" }),
  fileName: text("file_name").notNull(),
  contentType: text("content_type").notNull(),
  size: integer("size").notNull(),
  data: bytea("data").notNull(),
});

/** What a release handed out: each released asset and the beneficiary it went to, fixed at the release. */
export const releaseItems = pgTable(
  "release_items",
  {
    releaseId: uuid("release_id")
      .notNull()
      .references(() => releases.id, { onDelete: "cascade" }),
    assetId: uuid("asset_id")
      .notNull()
      .references(() => assets.id, { onDelete: "cascade" }),
    beneficiaryEmail: text("beneficiary_email").notNull(),
    accessEndsAt: timestamp("access_ends_at", { withTimezone: true }).notNull(),
    /** An item delivered later (decision 096): its day; null when given at the release. */
    dueAt: timestamp("due_at", { withTimezone: true }),
    /** Set once, by the sweep that delivers a waiting item on its day. */
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    /** When the beneficiary first opened it (decision 096: a fallback waits for this). */
    claimedAt: timestamp("claimed_at", { withTimezone: true }),
    /** The fallback it went to (1 to 3); null when it is left to this address. */
    fallbackPosition: smallint("fallback_position"),
  },
  (t) => [
    primaryKey({ name: "release_items_pk", columns: [t.releaseId, t.assetId, t.beneficiaryEmail] }),
    index("release_items_email_idx").on(t.beneficiaryEmail),
    index("release_items_due_idx")
      .on(t.dueAt)
      .where(sql`${t.deliveredAt} IS NULL AND ${t.dueAt} IS NOT NULL`),
    index("release_items_unclaimed_idx")
      .on(t.assetId)
      .where(sql`${t.claimedAt} IS NULL`),
  ],
);

/** One-click links in the owner's e-mails ("I'm still here", "Cancel the release"); only the token's sha256 is kept. */
export const releaseLinks = pgTable("release_links", {
  tokenHash: text("token_hash").primaryKey(),
  userId: text("user_id")
    .notNull()
    .references(() => user.id, { onDelete: "cascade" }),
  purpose: text("purpose", { enum: ["check_in", "cancel"] }).notNull(),
  releaseId: uuid("release_id").references(() => releases.id, { onDelete: "cascade" }),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  usedAt: timestamp("used_at", { withTimezone: true }),
});

/**
 * Timers: due work, processed once by whichever app process locks the row first (SKIP LOCKED).
 * A step and the marking of its timer commit together, so a crash redoes the step, never half of it.
 */
export const timers = pgTable(
  "timers",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    kind: text("kind").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    releaseId: uuid("release_id").references(() => releases.id, { onDelete: "cascade" }),
    dueAt: timestamp("due_at", { withTimezone: true }).notNull(),
    details: jsonb("details").$type<Record<string, unknown>>(),
    doneAt: timestamp("done_at", { withTimezone: true }),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
  },
  (t) => [
    index("timers_due_idx")
      .on(t.dueAt)
      .where(sql`${t.doneAt} is null`),
    index("timers_user_idx").on(t.userId),
  ],
);
