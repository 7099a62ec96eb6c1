import { sql } from "drizzle-orm";
import { ASSET_FILE_KINDS, ASSET_TYPES } from "../../common/vault-constants.js";
import {
  bigint,
  bigserial,
  check,
  customType,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  foreignKey,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

export const MAIL_STATUSES = ["pending", "sent", "expired", "failed"] as const;

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

/* ---------- identity (owned by better-auth; field names are better-auth's) ---------- */

export const user = pgTable("user", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  emailVerified: boolean("email_verified").notNull().default(false),
  image: text("image"),
  twoFactorEnabled: boolean("two_factor_enabled").notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  /**
   * profiles.role and profiles.firm_id, copied by PostgreSQL's trigger on every change of the
   * profile (migration 0016, docs/decisions/016-actor-in-session.md), so the session lookup brings
   * the actor's role and firm and no request reads the profile just for them. Null until the
   * profile exists. Row-level security still reads the profile itself.
   */
  role: text("role", { enum: ["regular_user", "firm_staff", "firm_admin"] }),
  firmId: uuid("firm_id"),
});

export const session = pgTable(
  "session",
  {
    id: text("id").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    token: text("token").notNull().unique(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("session_user_id_idx").on(t.userId), index("session_expires_at_idx").on(t.expiresAt)],
);

export const account = pgTable(
  "account",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("account_user_id_idx").on(t.userId)],
);

export const verification = pgTable(
  "verification",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("verification_identifier_idx").on(t.identifier), index("verification_expires_at_idx").on(t.expiresAt)],
);

export const twoFactor = pgTable(
  "two_factor",
  {
    id: text("id").primaryKey(),
    secret: text("secret").notNull(),
    backupCodes: text("backup_codes").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    verified: boolean("verified").default(true),
    failedVerificationCount: integer("failed_verification_count").default(0),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
  },
  (t) => [index("two_factor_user_id_idx").on(t.userId)],
);

/* ---------- product tables (tenant data, row-level security in rls.sql) ---------- */

export const firms = pgTable(
  "firms",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    phone: text("phone"),
    address: text("address"),
    logoUrl: text("logo_url"),
    firmCode: text("firm_code").notNull().unique(),
    /** Clients (regular_user members), kept by a trigger on profiles so /clients never counts 100,000 rows. */
    clientCount: integer("client_count").notNull().default(0),
    claimSecretHash: text("claim_secret_hash"),
    claimedAt: timestamp("claimed_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("firms_name_key").on(sql`lower(${t.name})`)],
);

export const profiles = pgTable(
  "profiles",
  {
    id: text("id")
      .primaryKey()
      .references(() => user.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** A copy of the account's e-mail (which never changes) so firm lists can show and search it under RLS. */
    email: text("email").notNull(),
    phone: text("phone"),
    address: text("address"),
    role: text("role", { enum: ["regular_user", "firm_staff", "firm_admin"] })
      .notNull()
      .default("regular_user"),
    firmId: uuid("firm_id").references(() => firms.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    /** What /clients searches (name or e-mail contains), kept by PostgreSQL; trigram-indexed (migration 0013). */
    searchText: text("search_text").generatedAlwaysAs(sql`lower(name) || ' ' || email`),
  },
  // A firm's clients in joined order, ties broken by id: /clients pages through it without sorting (deep pages: OFFSET over the index).
  (t) => [index("profiles_firm_role_created_id_idx").on(t.firmId, t.role, t.createdAt, t.id)],
);

export const firmCodes = pgTable(
  "firm_codes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    firmId: uuid("firm_id")
      .notNull()
      .references(() => firms.id, { onDelete: "cascade" }),
    code: text("code").notNull().unique(),
    description: text("description"),
    isActive: boolean("is_active").notNull().default(true),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
  },
  (t) => [index("firm_codes_firm_idx").on(t.firmId, t.createdAt)],
);

export const firmUsers = pgTable(
  "firm_users",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    firmId: uuid("firm_id")
      .notNull()
      .references(() => firms.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.firmId] })],
);

export const invitations = pgTable(
  "invitations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    firmId: uuid("firm_id")
      .notNull()
      .references(() => firms.id, { onDelete: "cascade" }),
    firmCode: text("firm_code").notNull(),
    /** sha256 of the random token in the e-mailed link; the token itself is never stored. */
    tokenHash: text("token_hash").notNull().unique(),
    role: text("role", { enum: ["regular_user", "firm_staff", "firm_admin"] }).notNull(),
    invitedBy: text("invited_by").references(() => user.id, { onDelete: "set null" }),
    used: boolean("used").notNull().default(false),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    note: text("note"),
    createdAt: createdAt(),
    /** When the current link was e-mailed (a resend gives a fresh link and a fresh time). */
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
    /** Set when an admin revoked it: the link then says it was withdrawn (migration 0019). */
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [
    index("invitations_email_firm_idx").on(t.email, t.firmId),
    index("invitations_firm_pending_idx")
      .on(t.firmId, t.sentAt)
      .where(sql`not ${t.used} and ${t.revokedAt} is null`),
  ],
);

/* ---------- the vault (docs/decisions/009: content is ciphertext made in the owner's browser) ---------- */

/** Each user's data key, wrapped by a key derived from the master key (AES-256-GCM, the user id as additional data). */
export const userKeys = pgTable("user_keys", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  wrappedKey: bytea("wrapped_key").notNull(),
  createdAt: createdAt(),
});

export const assets = pgTable(
  "assets",
  {
    /** Made by the browser (crypto.randomUUID): the content key is wrapped with the asset id as additional data. */
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    type: text("type", { enum: ASSET_TYPES }).notNull(),
    title: text("title").notNull(),
    beneficiaryEmail: text("beneficiary_email"),
    /** 12-byte IV ‖ AES-GCM(data key, content key) with the asset id as additional data. */
    wrappedKey: bytea("wrapped_key").notNull(),
    /** 12-byte IV ‖ AES-GCM(content key, JSON of the small fields) ‖ tag. */
    encryptedData: bytea("encrypted_data").notNull(),
    releaseTriggered: boolean("release_triggered").notNull().default(false),
    releasedAt: timestamp("released_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /**
     * The asset as lists present it (presentAsset's JSON, with its files' kinds, types and sizes),
     * written by PostgreSQL's triggers on every change of the asset or its files (migration 0014,
     * docs/decisions/014-asset-list-entry.md). Never written by the server; the default only lets
     * an insert leave it out.
     */
    listEntry: text("list_entry").notNull().default(""),
  },
  (t) => [
    check("assets_type_check", sql`${t.type} in ('password', 'document', 'note')`),
    index("assets_user_updated_idx").on(t.userId, t.updatedAt.desc().nullsFirst()),
    index("assets_user_type_updated_idx").on(t.userId, t.type, t.updatedAt.desc().nullsFirst()),
  ],
);

/** An asset's encrypted files (IV ‖ ciphertext ‖ tag), one per kind. */
export const assetFiles = pgTable(
  "asset_files",
  {
    assetId: uuid("asset_id")
      .notNull()
      .references(() => assets.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ASSET_FILE_KINDS }).notNull(),
    /** The plaintext's declared type (checked against the spec's table); the bytes are ciphertext. */
    contentType: text("content_type").notNull(),
    /** Ciphertext bytes (plaintext + 28). */
    size: integer("size").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.assetId, t.kind] }), check("asset_files_kind_check", sql`${t.kind} in ('document', 'recording', 'attachment')`)],
);

/**
 * A file's ciphertext in pieces of at most 1 MiB, in order (migration 0015): no statement carries
 * a whole 10 MB file, so neither the driver nor PGlite's WebAssembly heap holds several copies of
 * one (issue 4: memory during 4 concurrent 10 MB uploads; docs/decisions/015-file-chunks.md).
 */
export const assetFileChunks = pgTable(
  "asset_file_chunks",
  {
    assetId: uuid("asset_id").notNull(),
    kind: text("kind", { enum: ASSET_FILE_KINDS }).notNull(),
    seq: integer("seq").notNull(),
    data: bytea("data").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.assetId, t.kind, t.seq] }),
    foreignKey({ columns: [t.assetId, t.kind], foreignColumns: [assetFiles.assetId, assetFiles.kind] }).onDelete("cascade"),
  ],
);

export const beneficiaries = pgTable(
  "beneficiaries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone"),
    relationship: text("relationship"),
    notes: text("notes"),
    createdAt: createdAt(),
  },
  (t) => [index("beneficiaries_user_created_idx").on(t.userId, t.createdAt.desc().nullsFirst())],
);

/* ---------- release (issue 5; docs/decisions/011-release.md) ---------- */

/** The owner's release plan: the inactivity trigger (null months: off) and the waiting period. */
export const releasePlans = pgTable("release_plans", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  inactivityMonths: integer("inactivity_months"),
  waitDays: integer("wait_days").notNull().default(7),
  lastCheckInAt: timestamp("last_check_in_at", { withTimezone: true }).notNull(),
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
    trigger: text("trigger", { enum: ["inactivity", "attestation"] }).notNull(),
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
  },
  (t) => [primaryKey({ columns: [t.releaseId, t.assetId] }), index("release_items_email_idx").on(t.beneficiaryEmail)],
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

/** The beneficiary portal: e-mailed 6-digit codes (sha256 only) and the sessions they open. */
export const legacyCodes = pgTable("legacy_codes", {
  email: text("email").primaryKey(),
  codeHash: text("code_hash").notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  attempts: integer("attempts").notNull().default(0),
});

export const legacySessions = pgTable(
  "legacy_sessions",
  {
    tokenHash: text("token_hash").primaryKey(),
    email: text("email").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("legacy_sessions_email_idx").on(t.email)],
);

/* ---------- file storage (buckets kept in PostgreSQL so every app process shares them) ---------- */

export const storageObjects = pgTable(
  "storage_objects",
  {
    bucket: text("bucket").notNull(),
    name: text("name").notNull(),
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
    data: bytea("data").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.bucket, t.name] })],
);

/* ---------- system tables (no tenant data) ---------- */

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

export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").primaryKey(),
    windowStart: bigint("window_start", { mode: "number" }).notNull(),
    count: integer("count").notNull(),
  },
  (t) => [index("rate_limits_window_start_idx").on(t.windowStart)],
);

/** Periodic jobs that run once across app processes per period: the last run of each (server/jobs/housekeeping.ts). */
export const jobRuns = pgTable("job_runs", {
  name: text("name").primaryKey(),
  startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
  finishedAt: timestamp("finished_at", { withTimezone: true }),
  details: jsonb("details").$type<Record<string, number>>(),
});

/** Consecutive failed sign-ins per account (migration 0021, docs/decisions/017); times in epoch ms. */
export const signInFailures = pgTable("sign_in_failures", {
  /** SHA-256 hex of the normalised e-mail (server/rate-limit/accounts.ts), for addresses with or without an account. */
  accountKey: text("account_key").primaryKey(),
  failures: integer("failures").notNull(),
  lastFailureAt: bigint("last_failure_at", { mode: "number" }).notNull(),
  burstStartedAt: bigint("burst_started_at", { mode: "number" }).notNull(),
  notifiedAt: bigint("notified_at", { mode: "number" }),
});
