-- An item can be left to more than one beneficiary (issue 16, point 7; docs/decisions/053). The
-- people an item is left to, and each one's beneficiary wrap of its content key (decision 032), move
-- from the asset's row into one row per (item, address): the one place that says who receives what.
CREATE TABLE "asset_beneficiaries" (
	"asset_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	-- Lower-case, as beneficiary keys and release items store it.
	"email" text NOT NULL,
	-- The order the owner picked them in (lists show the first name, then "+1").
	"position" smallint NOT NULL,
	-- The beneficiary key (decision 032) of this address the content key is wrapped with; null until the owner's browser wrapped it.
	"beneficiary_key_id" uuid,
	-- 12-byte IV ‖ AES-GCM(beneficiary key, content key), the asset id as additional data.
	"wrapped_key" bytea,
	-- The item named this address before beneficiary keys existed (only this migration sets it).
	"named_before_keys" boolean DEFAULT false NOT NULL,
	CONSTRAINT "asset_beneficiaries_pk" PRIMARY KEY ("asset_id", "email"),
	CONSTRAINT "asset_beneficiaries_email_lower" CHECK ("email" = lower("email"))
);
--> statement-breakpoint
-- An item's beneficiaries are its owner's: the row names the asset's own owner, and a wrap can use
-- only that owner's keys (the composite foreign keys).
ALTER TABLE "assets" ADD CONSTRAINT "assets_id_user_unique" UNIQUE ("id", "user_id");
--> statement-breakpoint
ALTER TABLE "asset_beneficiaries" ADD CONSTRAINT "asset_beneficiaries_asset_fk" FOREIGN KEY ("asset_id", "user_id")
  REFERENCES "assets"("id", "user_id") ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE "asset_beneficiaries" ADD CONSTRAINT "asset_beneficiaries_key_fk" FOREIGN KEY ("beneficiary_key_id", "user_id")
  REFERENCES "beneficiary_keys"("id", "user_id") ON DELETE SET NULL ("beneficiary_key_id");
--> statement-breakpoint
CREATE INDEX "asset_beneficiaries_user_email_idx" ON "asset_beneficiaries" ("user_id", "email");
--> statement-breakpoint
CREATE INDEX "asset_beneficiaries_key_idx" ON "asset_beneficiaries" ("beneficiary_key_id");
--> statement-breakpoint
-- Every existing item keeps its beneficiary, its wrap and its mark.
INSERT INTO asset_beneficiaries (asset_id, user_id, email, position, beneficiary_key_id, wrapped_key, named_before_keys)
  SELECT id, user_id, lower(beneficiary_email), 0, beneficiary_key_id, beneficiary_wrapped_key, named_before_keys
  FROM assets WHERE beneficiary_email IS NOT NULL;
--> statement-breakpoint
-- As the asset: the owner alone, no firm role (0007). named_before_keys is never the app's to set.
GRANT SELECT, INSERT, DELETE ON asset_beneficiaries TO lv_app;
--> statement-breakpoint
GRANT UPDATE (beneficiary_key_id, wrapped_key, position) ON asset_beneficiaries TO lv_app;
--> statement-breakpoint
ALTER TABLE asset_beneficiaries ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY asset_beneficiaries_owner_select ON asset_beneficiaries FOR SELECT TO lv_app
  USING (user_id = (SELECT app_user_id()));
--> statement-breakpoint
CREATE POLICY asset_beneficiaries_owner_insert ON asset_beneficiaries FOR INSERT TO lv_app
  WITH CHECK (user_id = (SELECT app_user_id()) AND named_before_keys = false);
--> statement-breakpoint
CREATE POLICY asset_beneficiaries_owner_update ON asset_beneficiaries FOR UPDATE TO lv_app
  USING (user_id = (SELECT app_user_id())) WITH CHECK (user_id = (SELECT app_user_id()));
--> statement-breakpoint
CREATE POLICY asset_beneficiaries_owner_delete ON asset_beneficiaries FOR DELETE TO lv_app
  USING (user_id = (SELECT app_user_id()));
--> statement-breakpoint
-- The column and the single wrap go: one source of truth. Its trigger goes with it.
DROP TRIGGER assets_named_before_keys ON assets;
--> statement-breakpoint
DROP FUNCTION app_assets_clear_named_before_keys();
--> statement-breakpoint
DROP POLICY assets_owner_insert ON assets;
--> statement-breakpoint
CREATE POLICY assets_owner_insert ON assets FOR INSERT TO lv_app
  WITH CHECK (user_id = (SELECT app_user_id()) AND release_triggered = false AND released_at IS NULL);
--> statement-breakpoint
ALTER TABLE "assets" DROP CONSTRAINT "assets_beneficiary_key_fk";
--> statement-breakpoint
ALTER TABLE "assets" DROP COLUMN "beneficiary_email";
--> statement-breakpoint
ALTER TABLE "assets" DROP COLUMN "beneficiary_key_id";
--> statement-breakpoint
ALTER TABLE "assets" DROP COLUMN "beneficiary_wrapped_key";
--> statement-breakpoint
ALTER TABLE "assets" DROP COLUMN "named_before_keys";
--> statement-breakpoint
-- presentAsset in SQL (server/assets/list-entry.test.ts): the addresses as a list, in the owner's order.
CREATE OR REPLACE FUNCTION app_asset_list_entry(a assets) RETURNS text
LANGUAGE sql STABLE
AS $$
  SELECT row_to_json(e)::text FROM (
    SELECT a.id AS "id", a.type AS "type", a.title AS "title",
      coalesce((SELECT json_agg(b.email ORDER BY b.position) FROM asset_beneficiaries b WHERE b.asset_id = a.id), '[]'::json) AS "beneficiaryEmails",
      app_iso_time(a.created_at) AS "createdAt", app_iso_time(a.updated_at) AS "updatedAt",
      a.release_triggered AS "releaseTriggered", app_iso_time(a.released_at) AS "releasedAt",
      a.favorite AS "isFavorite", app_iso_time(a.last_used_at) AS "lastUsedAt",
      coalesce((SELECT json_agg(f ORDER BY f.kind) FROM (
        SELECT kind, content_type AS "contentType", size FROM asset_files WHERE asset_id = a.id
      ) f), '[]'::json) AS "files"
  ) e
$$;
--> statement-breakpoint
-- A beneficiary added or removed rewrites its item's entry (as a file does, migration 0014). A wrap
-- alone changes nothing the entry shows.
CREATE FUNCTION app_asset_beneficiaries_touch_asset() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public
AS $$
BEGIN
  UPDATE assets SET list_entry = '' WHERE id = CASE WHEN TG_OP = 'DELETE' THEN OLD.asset_id ELSE NEW.asset_id END;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER asset_beneficiaries_list_entry AFTER INSERT OR DELETE OR UPDATE OF email, position ON asset_beneficiaries
  FOR EACH ROW EXECUTE FUNCTION app_asset_beneficiaries_touch_asset();
--> statement-breakpoint
-- A release hands an item to each of its beneficiaries: one row per (release, item, address).
ALTER TABLE "release_items" DROP CONSTRAINT "release_items_release_id_asset_id_pk";
--> statement-breakpoint
ALTER TABLE "release_items" ADD CONSTRAINT "release_items_pk" PRIMARY KEY ("release_id", "asset_id", "beneficiary_email");
--> statement-breakpoint
UPDATE assets SET list_entry = '';
