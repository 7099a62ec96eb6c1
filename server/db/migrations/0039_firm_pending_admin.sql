-- A firm registered at /firm-register with a new administrator account waits for that account to
-- prove its address (docs/decisions/073): the account is made at step 2, the firm is claimed (and
-- its code works) only when the confirmation link is opened. Cleared when the firm is claimed;
-- the firm is deleted with the other unclaimed ones after 24 hours.
ALTER TABLE "firms" ADD COLUMN "pending_admin_id" text REFERENCES "user"("id") ON DELETE SET NULL;
--> statement-breakpoint
CREATE INDEX "firms_pending_admin_id_idx" ON "firms" ("pending_admin_id") WHERE "pending_admin_id" IS NOT NULL;
