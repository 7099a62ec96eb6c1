-- Issue 10, findings 3 and 13 (docs/decisions/020-outbox-erasure-and-housekeeping.md).
-- The outbox keeps no secret after delivery: each message names its template, has a status and
-- the expiry of the link or code it carries; a message that was sent, expired or failed for good
-- keeps neither subject nor body ('' once erased), only what an operator needs.
ALTER TABLE "mail_outbox" ADD COLUMN "template" text NOT NULL DEFAULT 'unknown';
--> statement-breakpoint
ALTER TABLE "mail_outbox" ALTER COLUMN "template" DROP DEFAULT;
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "status" text NOT NULL DEFAULT 'pending';
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_status_check" CHECK ("status" IN ('pending', 'sent', 'expired', 'failed'));
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "expires_at" timestamp with time zone;
--> statement-breakpoint
-- What is there already: sent messages lose their bodies, and so do those that ran out of tries (8).
UPDATE "mail_outbox" SET "status" = 'sent', "subject" = '', "text" = '', "html" = '' WHERE "sent_at" IS NOT NULL;
--> statement-breakpoint
UPDATE "mail_outbox" SET "status" = 'failed', "subject" = '', "text" = '', "html" = '' WHERE "sent_at" IS NULL AND "attempts" >= 8;
--> statement-breakpoint
-- The others did not record what they carry: they expire 7 days after they were written (an
-- invitation's lifetime, the longest of the links that expire within days).
UPDATE "mail_outbox" SET "expires_at" = "created_at" + interval '7 days' WHERE "status" = 'pending';
--> statement-breakpoint
DROP INDEX "mail_outbox_pending_idx";
--> statement-breakpoint
CREATE INDEX "mail_outbox_due_idx" ON "mail_outbox" USING btree ("next_attempt_at") WHERE "status" = 'pending';
--> statement-breakpoint
CREATE INDEX "mail_outbox_expires_idx" ON "mail_outbox" USING btree ("expires_at") WHERE "status" = 'pending';
--> statement-breakpoint
CREATE INDEX "mail_outbox_created_idx" ON "mail_outbox" USING btree ("created_at");
--> statement-breakpoint
-- Housekeeping (server/jobs/housekeeping.ts): one row per periodic job, claimed by one app process per period.
CREATE TABLE "job_runs" (
	"name" text PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"details" jsonb
);
--> statement-breakpoint
CREATE INDEX "rate_limits_window_start_idx" ON "rate_limits" USING btree ("window_start");
--> statement-breakpoint
CREATE INDEX "session_expires_at_idx" ON "session" USING btree ("expires_at");
--> statement-breakpoint
CREATE INDEX "verification_expires_at_idx" ON "verification" USING btree ("expires_at");
