import { integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "./columns.js";
import { user } from "./auth.js";
import { firms } from "./firms.js";

/**
 * A firm's API key (migration 0061, docs/decisions/101): its scopes and the SHA-256 of its secret,
 * never the secret. Read by the firm's admins under row-level security; written only by the system.
 */
export const apiKeys = pgTable("api_keys", {
  id: uuid("id").primaryKey().defaultRandom(),
  firmId: uuid("firm_id")
    .notNull()
    .references(() => firms.id, { onDelete: "cascade" }),
  createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
  name: text("name").notNull(),
  scopes: text("scopes").array().notNull(),
  secretHash: text("secret_hash").notNull(),
  createdAt: createdAt(),
  lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
  revokedAt: timestamp("revoked_at", { withTimezone: true }),
});

/** A firm's webhook endpoint; its signing secret is derived from the nonce, never stored. */
export const webhookEndpoints = pgTable("webhook_endpoints", {
  id: uuid("id").primaryKey().defaultRandom(),
  firmId: uuid("firm_id")
    .notNull()
    .references(() => firms.id, { onDelete: "cascade" }),
  createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
  url: text("url").notNull(),
  events: text("events").array().notNull(),
  secretNonce: text("secret_nonce").notNull(),
  createdAt: createdAt(),
  disabledAt: timestamp("disabled_at", { withTimezone: true }),
});

/** One event queued for one endpoint, and how its sending went (the admin's delivery log). */
export const webhookDeliveries = pgTable("webhook_deliveries", {
  id: uuid("id").primaryKey().defaultRandom(),
  endpointId: uuid("endpoint_id")
    .notNull()
    .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
  firmId: uuid("firm_id")
    .notNull()
    .references(() => firms.id, { onDelete: "cascade" }),
  event: text("event").notNull(),
  payload: jsonb("payload").notNull(),
  status: text("status", { enum: ["pending", "delivered", "failed"] })
    .notNull()
    .default("pending"),
  attempts: integer("attempts").notNull().default(0),
  nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
  lastStatus: integer("last_status"),
  lastError: text("last_error"),
  createdAt: createdAt(),
  deliveredAt: timestamp("delivered_at", { withTimezone: true }),
});
