-- Changing the account's e-mail address (issue 15, point 4; docs/decisions/043-email-change.md).
-- One row per request: the confirmation link mailed to the new address, and once confirmed, the
-- undo link mailed to the old one. Only the links' sha256 is kept. A system table: row-level
-- security on, no policy and no grant, so lv_app reads and writes none of it.
CREATE TABLE "email_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"old_email" text NOT NULL,
	"new_email" text NOT NULL,
	"confirm_token_hash" text NOT NULL,
	"confirm_expires_at" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone,
	"undo_token_hash" text,
	"undo_expires_at" timestamp with time zone,
	"undone_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_changes_confirm_token_hash_unique" UNIQUE("confirm_token_hash"),
	CONSTRAINT "email_changes_undo_token_hash_unique" UNIQUE("undo_token_hash")
);
--> statement-breakpoint
ALTER TABLE "email_changes" ADD CONSTRAINT "email_changes_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "email_changes_user_idx" ON "email_changes" ("user_id", "created_at");
--> statement-breakpoint
ALTER TABLE "email_changes" ENABLE ROW LEVEL SECURITY;
