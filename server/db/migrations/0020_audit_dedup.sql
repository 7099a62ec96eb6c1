-- Events that a flood of requests could repeat (refused requests, vault key fetches) are written at
-- most once per key and time window (docs/decisions/023-request-ids-and-refusal-audit.md): the
-- insert names a dedup key ('<action>:<who and what>:<window number>') and does nothing on
-- conflict. Every other event leaves it null and is written each time.
ALTER TABLE "audit_log" ADD COLUMN "dedup_key" text;
--> statement-breakpoint
CREATE UNIQUE INDEX "audit_log_dedup_key_idx" ON "audit_log" ("dedup_key") WHERE "dedup_key" IS NOT NULL;
