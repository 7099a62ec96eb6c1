-- Invitations can be resent and revoked by the firm's admins (issue 10, finding 11;
-- docs/decisions/022-invitation-revoke.md). sent_at is when the current link was e-mailed;
-- revoked_at marks a link the firm took back (its token hash stays, so the link can say so).
ALTER TABLE "invitations" ADD COLUMN "sent_at" timestamp with time zone DEFAULT now() NOT NULL;
--> statement-breakpoint
UPDATE "invitations" SET "sent_at" = "created_at";
--> statement-breakpoint
ALTER TABLE "invitations" ADD COLUMN "revoked_at" timestamp with time zone;
--> statement-breakpoint
-- The admins' list of pending invitations, newest first.
CREATE INDEX "invitations_firm_pending_idx" ON "invitations" USING btree ("firm_id", "sent_at") WHERE NOT "used" AND "revoked_at" IS NULL;
