-- Account deletion (issue 15, point 3; docs/decisions/042-account-deletion.md): one row per account
-- whose deletion is pending. The row goes when the person cancels (the cancel link's hash with it,
-- so the link works once) or when the housekeeping job erases the account at erase_at.
CREATE TABLE "account_deletions" (
	"user_id" text PRIMARY KEY NOT NULL REFERENCES "user"("id") ON DELETE CASCADE,
	"requested_at" timestamp with time zone NOT NULL,
	"erase_at" timestamp with time zone NOT NULL,
	"cancel_token_hash" text NOT NULL UNIQUE
);
--> statement-breakpoint
CREATE INDEX "account_deletions_erase_at_idx" ON "account_deletions" ("erase_at");
--> statement-breakpoint
-- The person reads their own row, never the link's hash; only the system writes (a request checks
-- the password first, a cancel link comes without a session, the erasure is a job).
GRANT SELECT ("user_id", "requested_at", "erase_at") ON "account_deletions" TO lv_app;
--> statement-breakpoint
ALTER TABLE "account_deletions" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY account_deletions_owner ON "account_deletions" FOR SELECT TO lv_app
  USING ("user_id" = (SELECT app_user_id()));
