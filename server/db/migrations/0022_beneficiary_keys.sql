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
--> statement-breakpoint

-- Items that named a beneficiary before beneficiary keys existed: a release handed them over with the
-- e-mailed code alone, so moving them over makes an escrowed key unless the owner chooses otherwise
-- (GET /api/keys/beneficiaries, pending[].fromBeforeKeys). Only this migration sets it; it goes false
-- for good when the item's address changes (the trigger below: the app role has no UPDATE grant on
-- it), and the app role cannot insert an item with it set (the insert policy).
ALTER TABLE "assets" ADD COLUMN "named_before_keys" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
UPDATE assets SET named_before_keys = true WHERE beneficiary_email IS NOT NULL;
--> statement-breakpoint
CREATE FUNCTION app_assets_clear_named_before_keys() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  NEW.named_before_keys := false;
  RETURN NEW;
END
$$;
--> statement-breakpoint
-- Another address (or none): the item no longer names the address it named before keys existed. The
-- same address in other letter case is the same address (keys store it lower-case).
CREATE TRIGGER assets_named_before_keys BEFORE UPDATE OF beneficiary_email ON assets
  FOR EACH ROW WHEN (lower(OLD.beneficiary_email) IS DISTINCT FROM lower(NEW.beneficiary_email))
  EXECUTE FUNCTION app_assets_clear_named_before_keys();
--> statement-breakpoint
DROP POLICY assets_owner_insert ON assets;
--> statement-breakpoint
CREATE POLICY assets_owner_insert ON assets FOR INSERT TO lv_app
  WITH CHECK (user_id = (SELECT app_user_id()) AND release_triggered = false AND released_at IS NULL
    AND named_before_keys = false);
