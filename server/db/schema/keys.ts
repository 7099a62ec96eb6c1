import { pgTable, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import { bytea, createdAt } from "./columns.js";
import { user } from "./auth.js";

/** Each user's data key, wrapped by a key derived from the master key (AES-256-GCM, the user id as additional data). */
export const userKeys = pgTable("user_keys", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  wrappedKey: bytea("wrapped_key").notNull(),
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
