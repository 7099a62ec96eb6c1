-- Consent in the law's terms (issue 36 item 6; docs/decisions/098): for each (item, person) the
-- owner chooses what the person may receive: the content (as before) or only that the item exists
-- (RUFADAA's "catalogue"). A catalogue person never holds a wrap of the item's content key: their
-- row's wrapped_key stays null (checked here, whatever the app does), and the owner's browser seals
-- only the title for them, directly under that person's beneficiary key.
ALTER TABLE "asset_beneficiaries" ADD COLUMN "access" text DEFAULT 'content' NOT NULL;
--> statement-breakpoint
ALTER TABLE "asset_beneficiaries" ADD CONSTRAINT "asset_beneficiaries_access_check"
  CHECK ("access" IN ('content', 'catalogue'));
--> statement-breakpoint
-- 12-byte IV ‖ AES-GCM(beneficiary key, JSON {"title"}), additional data "asset-catalogue:<asset id>";
-- beneficiary_key_id names the key. Only on a catalogue row.
ALTER TABLE "asset_beneficiaries" ADD COLUMN "catalogue_title" bytea;
--> statement-breakpoint
ALTER TABLE "asset_beneficiaries" ADD CONSTRAINT "asset_beneficiaries_catalogue_no_wrap"
  CHECK (("access" = 'content' AND "catalogue_title" IS NULL) OR ("access" = 'catalogue' AND "wrapped_key" IS NULL AND "role" IS NULL));
--> statement-breakpoint
-- The owner's own rows only (row-level security of 0036 applies); no firm role reads them.
GRANT UPDATE ("access", "catalogue_title") ON "asset_beneficiaries" TO lv_app;
--> statement-breakpoint
-- The item's list entry names, apart, the people told only that it exists: the owner's form and
-- the preview show it.
CREATE OR REPLACE FUNCTION app_asset_list_entry(a assets) RETURNS text
LANGUAGE sql STABLE
AS $$
  SELECT row_to_json(e)::text FROM (
    SELECT a.id AS "id", a.type AS "type", a.title AS "title",
      translate(encode(a.encrypted_title, 'base64'), E'\n', '') AS "encryptedTitle",
      translate(encode(a.wrapped_key, 'base64'), E'\n', '') AS "wrappedKey",
      coalesce((SELECT json_agg(b.email ORDER BY b.position) FROM asset_beneficiaries b WHERE b.asset_id = a.id AND b.is_left), '[]'::json) AS "beneficiaryEmails",
      coalesce((SELECT json_agg(json_build_object('email', b.email, 'role', b.role) ORDER BY b.email) FROM asset_beneficiaries b WHERE b.asset_id = a.id AND b.role IS NOT NULL), '[]'::json) AS "roleGrants",
      coalesce((SELECT json_agg(b.email ORDER BY b.position) FROM asset_beneficiaries b WHERE b.asset_id = a.id AND b.access = 'catalogue'), '[]'::json) AS "catalogueEmails",
      a.is_for_legal_contact AS "isForLegalContact",
      app_iso_time(a.created_at) AS "createdAt", app_iso_time(a.updated_at) AS "updatedAt",
      a.release_triggered AS "releaseTriggered", app_iso_time(a.released_at) AS "releasedAt",
      a.favorite AS "isFavorite", app_iso_time(a.last_used_at) AS "lastUsedAt",
      coalesce((SELECT json_agg(f ORDER BY f.kind) FROM (
        SELECT kind, content_type AS "contentType", size FROM asset_files WHERE asset_id = a.id
      ) f), '[]'::json) AS "files"
  ) e
$$;
--> statement-breakpoint
DROP TRIGGER asset_beneficiaries_list_entry ON asset_beneficiaries;
--> statement-breakpoint
CREATE TRIGGER asset_beneficiaries_list_entry AFTER INSERT OR DELETE OR UPDATE OF email, position, is_left, role, access ON asset_beneficiaries
  FOR EACH ROW EXECUTE FUNCTION app_asset_beneficiaries_touch_asset();
--> statement-breakpoint
UPDATE assets SET list_entry = '';
