-- Consecutive failed sign-ins per account (docs/decisions/017-sign-in-lockout.md), shared by every
-- app process. Keyed by a SHA-256 of the normalised address, whether or not it has an account, so
-- the answers do not tell the two apart. Times are epoch milliseconds, like rate_limits.
CREATE TABLE "sign_in_failures" (
	"account_key" text PRIMARY KEY NOT NULL,
	"failures" integer NOT NULL,
	"last_failure_at" bigint NOT NULL,
	"burst_started_at" bigint NOT NULL,
	"notified_at" bigint
);
