-- Beneficiary keys (issue 12, docs/decisions/032-beneficiary-keys.md). The owner's browser makes one
-- key BK per beneficiary address and wraps, for every item left to that address, the item's content
-- key with it. BK = server share XOR access key: the server keeps its share sealed (and hands it out
-- only after a release); the access key goes from the owner to the beneficiary directly, unless the
-- owner chose that the service hold it (escrow_share).
CREATE TABLE "beneficiary_keys" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL REFERENCES "user"("id") ON DELETE CASCADE,
	"email" text NOT NULL,
	"owner_wrapped_key" bytea NOT NULL,
	"owner_wrapped_access_key" bytea NOT NULL,
	"server_share" bytea NOT NULL,
	"escrow_share" bytea,
	"handed_over_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "beneficiary_keys_user_email_unique" UNIQUE ("user_id", "email"),
	CONSTRAINT "beneficiary_keys_id_user_unique" UNIQUE ("id", "user_id")
);
--> statement-breakpoint
ALTER TABLE "assets" ADD COLUMN "beneficiary_key_id" uuid;
--> statement-breakpoint
ALTER TABLE "assets" ADD COLUMN "beneficiary_wrapped_key" bytea;
--> statement-breakpoint
-- An item can only be wrapped for its own owner's key (the owner is part of the reference).
ALTER TABLE "assets" ADD CONSTRAINT "assets_beneficiary_key_fk" FOREIGN KEY ("beneficiary_key_id", "user_id")
  REFERENCES "beneficiary_keys"("id", "user_id") ON DELETE SET NULL ("beneficiary_key_id");
--> statement-breakpoint
CREATE INDEX "assets_beneficiary_key_idx" ON "assets" ("beneficiary_key_id");
--> statement-breakpoint

-- The owner reads, creates, changes and deletes their own beneficiary keys; no firm role reaches them.
GRANT SELECT, INSERT, DELETE ON beneficiary_keys TO lv_app;
--> statement-breakpoint
GRANT UPDATE (escrow_share, handed_over_at) ON beneficiary_keys TO lv_app;
--> statement-breakpoint
ALTER TABLE beneficiary_keys ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY beneficiary_keys_owner ON beneficiary_keys FOR ALL TO lv_app
  USING (user_id = (SELECT app_user_id())) WITH CHECK (user_id = (SELECT app_user_id()));
--> statement-breakpoint
GRANT UPDATE (beneficiary_key_id, beneficiary_wrapped_key) ON assets TO lv_app;
