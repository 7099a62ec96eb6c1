import { integer, pgTable, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import { bytea, createdAt } from "./columns.js";
import { session, user } from "./auth.js";

/**
 * Each user's data key DK (docs/decisions/009, 038). Check constraints (migration 0025): salt,
 * iterations and password wrap are set together; at least one of the escrowed copy and the
 * password wrap is set; a recovery wrap only beside a password wrap.
 */
export const userKeys = pgTable("user_keys", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  /**
   * The escrowed copy: DK wrapped by a key derived from the master key (AES-256-GCM, the user id as
   * additional data). Null once the owner has moved over and nothing of theirs depends on it.
   */
  wrappedKey: bytea("wrapped_key"),
  /** PBKDF2-HMAC-SHA-256 salt (16 bytes) and iterations of the owner's password-derived keys. */
  kdfSalt: bytea("kdf_salt"),
  kdfIterations: integer("kdf_iterations"),
  /** 12-byte IV ‖ AES-GCM(password key, DK), additional data "data-key:password"; made in the browser. */
  passwordWrappedKey: bytea("password_wrapped_key"),
  /** 12-byte IV ‖ AES-GCM(recovery key, DK), additional data "data-key:recovery"; made in the browser. */
  recoveryWrappedKey: bytea("recovery_wrapped_key"),
  createdAt: createdAt(),
});

/** 32 random bytes per session that wrap DK in that tab's sessionStorage (decision 038); gone with the session. */
export const sessionVaultKeys = pgTable("session_vault_keys", {
  sessionId: text("session_id")
    .primaryKey()
    .references(() => session.id, { onDelete: "cascade" }),
  key: bytea("key").notNull(),
  createdAt: createdAt(),
});

/**
 * One beneficiary key per (owner, beneficiary address), made in the owner's browser
 * (docs/decisions/032-beneficiary-keys.md). BK = server share XOR access key.
 */
export const beneficiaryKeys = pgTable(
  "beneficiary_keys",
  {
    /** Made by the browser: bound as additional data into the owner's wrapped copies. */
    id: uuid("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** The beneficiary's address, lower-case: the address a release hands the items to. */
    email: text("email").notNull(),
    /** 12-byte IV ‖ AES-GCM(owner's data key, BK), additional data "beneficiary-key:<id>". */
    ownerWrappedKey: bytea("owner_wrapped_key").notNull(),
    /** 12-byte IV ‖ AES-GCM(owner's data key, access key), additional data "access-key:<id>". */
    ownerWrappedAccessKey: bytea("owner_wrapped_access_key").notNull(),
    /** The server's share, sealed under HKDF(master key, "beneficiary-share") with the key id as additional data. */
    serverShare: bytea("server_share").notNull(),
    /** The access key, sealed under HKDF(master key, "beneficiary-escrow"): only when the owner chose escrow. */
    escrowShare: bytea("escrow_share"),
    /** When the owner said they gave the access key to the beneficiary. */
    handedOverAt: timestamp("handed_over_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [unique("beneficiary_keys_user_email_unique").on(t.userId, t.email)],
);
