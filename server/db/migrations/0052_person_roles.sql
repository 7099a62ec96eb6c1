-- Roles besides beneficiary (docs/decisions/091): a person the owner names may be their executor
-- (after a release, the estate inventory entries) and/or their legal contact (the documents marked
-- for them). The server needs to know who holds a role to give a new entry to the executor and to
-- tell the owner "no executor named"; what they receive stays sealed under their beneficiary key.
ALTER TABLE "beneficiaries" ADD COLUMN "is_executor" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "beneficiaries" ADD COLUMN "is_legal_contact" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
GRANT UPDATE ("is_executor", "is_legal_contact") ON "beneficiaries" TO lv_app;
--> statement-breakpoint
-- A document the owner marks "for my legal contact".
ALTER TABLE "assets" ADD COLUMN "is_for_legal_contact" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
GRANT UPDATE ("is_for_legal_contact") ON "assets" TO lv_app;
--> statement-breakpoint
-- One row per (item, address) still: a row is there because the item is left to the address
-- (is_left), because a role gives it (role), or both. The wrap is the same either way: the
-- content key under that address's beneficiary key, so the release and the portal need nothing new.
ALTER TABLE "asset_beneficiaries" ADD COLUMN "is_left" boolean DEFAULT true NOT NULL;
--> statement-breakpoint
ALTER TABLE "asset_beneficiaries" ADD COLUMN "role" text;
--> statement-breakpoint
ALTER TABLE "asset_beneficiaries" ADD CONSTRAINT "asset_beneficiaries_role_check"
  CHECK ("role" IS NULL OR "role" IN ('executor', 'legal_contact'));
--> statement-breakpoint
ALTER TABLE "asset_beneficiaries" ADD CONSTRAINT "asset_beneficiaries_left_or_role"
  CHECK ("is_left" OR "role" IS NOT NULL);
--> statement-breakpoint
GRANT UPDATE ("is_left", "role") ON "asset_beneficiaries" TO lv_app;
--> statement-breakpoint
-- The item's list entry shows whom it is left to and whom a role gives it to (apart), and the mark.
CREATE OR REPLACE FUNCTION app_asset_list_entry(a assets) RETURNS text
LANGUAGE sql STABLE
AS $$
  SELECT row_to_json(e)::text FROM (
    SELECT a.id AS "id", a.type AS "type", a.title AS "title",
      translate(encode(a.encrypted_title, 'base64'), E'\n', '') AS "encryptedTitle",
      translate(encode(a.wrapped_key, 'base64'), E'\n', '') AS "wrappedKey",
      coalesce((SELECT json_agg(b.email ORDER BY b.position) FROM asset_beneficiaries b WHERE b.asset_id = a.id AND b.is_left), '[]'::json) AS "beneficiaryEmails",
      coalesce((SELECT json_agg(json_build_object('email', b.email, 'role', b.role) ORDER BY b.email) FROM asset_beneficiaries b WHERE b.asset_id = a.id AND b.role IS NOT NULL), '[]'::json) AS "roleGrants",
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
CREATE TRIGGER asset_beneficiaries_list_entry AFTER INSERT OR DELETE OR UPDATE OF email, position, is_left, role ON asset_beneficiaries
  FOR EACH ROW EXECUTE FUNCTION app_asset_beneficiaries_touch_asset();
--> statement-breakpoint
UPDATE assets SET list_entry = '';
