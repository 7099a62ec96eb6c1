import { sql } from "drizzle-orm";
import {
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { user } from "./auth.js";
import { bytea } from "./columns.js";
import { releases } from "./release.js";
import { verifiers } from "./verifiers.js";

/**
 * A verifier's report of the owner's death or incapacity (docs/decisions/082): open until k
 * verifiers confirm (the release wait starts) or the owner or a verifier stops it. No key, share
 * or title lives here; the owner's "I'm fine" link is kept as a hash only.
 */
export const verifierReports = pgTable(
  "verifier_reports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ownerId: text("owner_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["death", "incapacity"] }).notNull(),
    note: text("note"),
    reportedBy: uuid("reported_by").references(() => verifiers.id, { onDelete: "set null" }),
    reporterName: text("reporter_name").notNull(),
    status: text("status", { enum: ["open", "confirmed", "stopped"] })
      .notNull()
      .default("open"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    closedAt: timestamp("closed_at", { withTimezone: true }),
    stoppedVia: text("stopped_via", { enum: ["sign_in", "fine", "fine_link", "heard"] }),
    releaseId: uuid("release_id").references(() => releases.id, { onDelete: "set null" }),
    fineTokenHash: text("fine_token_hash").unique(),
    fineExpiresAt: timestamp("fine_expires_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("verifier_reports_open_idx")
      .on(t.ownerId)
      .where(sql`${t.status} = 'open'`),
    index("verifier_reports_owner_idx").on(t.ownerId, t.createdAt),
  ],
);

/** Each verifier who confirmed a report (the reporter is the first), once. */
export const verifierReportConfirmations = pgTable(
  "verifier_report_confirmations",
  {
    reportId: uuid("report_id")
      .notNull()
      .references(() => verifierReports.id, { onDelete: "cascade" }),
    verifierId: uuid("verifier_id")
      .notNull()
      .references(() => verifiers.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.reportId, t.verifierId] })],
);

/** A verifier proving their address on /verifier/report: an e-mailed code, then a short session (hashes only). */
export const verifierSignIns = pgTable(
  "verifier_sign_ins",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    codeHash: text("code_hash"),
    codeExpiresAt: timestamp("code_expires_at", { withTimezone: true }),
    codeAttempts: integer("code_attempts").notNull().default(0),
    sessionHash: text("session_hash").unique(),
    sessionExpiresAt: timestamp("session_expires_at", { withTimezone: true }),
  },
  (t) => [index("verifier_sign_ins_email_idx").on(t.email, t.createdAt)],
);

/** The reporter's document, sealed at rest (docs/decisions/082): one per report, a second replaces it. */
export const verifierReportDocuments = pgTable("verifier_report_documents", {
  reportId: uuid("report_id")
    .primaryKey()
    .references(() => verifierReports.id, { onDelete: "cascade" }),
  fileName: text("file_name").notNull(),
  contentType: text("content_type").notNull(),
  size: integer("size").notNull(),
  data: bytea("data").notNull(),
});
