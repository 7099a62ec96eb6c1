import { bigint, index, integer, pgTable, text } from "drizzle-orm/pg-core";

export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").primaryKey(),
    windowStart: bigint("window_start", { mode: "number" }).notNull(),
    count: integer("count").notNull(),
  },
  (t) => [index("rate_limits_window_start_idx").on(t.windowStart)],
);

/** Consecutive failed sign-ins per account (migration 0021, docs/decisions/017); times in epoch ms. */
export const signInFailures = pgTable("sign_in_failures", {
  /** SHA-256 hex of the normalised e-mail (server/rate-limit/accounts.ts), for addresses with or without an account. */
  accountKey: text("account_key").primaryKey(),
  failures: integer("failures").notNull(),
  lastFailureAt: bigint("last_failure_at", { mode: "number" }).notNull(),
  burstStartedAt: bigint("burst_started_at", { mode: "number" }).notNull(),
  notifiedAt: bigint("notified_at", { mode: "number" }),
});
