-- Item titles sealed in the owner's browser (docs/decisions/080-sealed-titles.md): 12-byte IV ‖
-- AES-256-GCM(the item's content key, the title, additional data 'asset-title:<id>') ‖ tag. The
-- clear column stays for items not moved over yet; a new item is born sealed.
ALTER TABLE "assets" ADD COLUMN "encrypted_title" bytea;
--> statement-breakpoint
ALTER TABLE "assets" ALTER COLUMN "title" DROP NOT NULL;
--> statement-breakpoint
-- Exactly one of the two: a clear title until the move-over, a sealed one after.
ALTER TABLE "assets" ADD CONSTRAINT "assets_title_one"
  CHECK (("title" IS NULL) <> ("encrypted_title" IS NULL));
--> statement-breakpoint
-- The owner seals a title on an edit or at the move-over (policy of migration 0007).
GRANT UPDATE ("encrypted_title") ON "assets" TO lv_app;
--> statement-breakpoint
-- View as Client shows items by type and date: no title, not even a clear one not moved over yet.
REVOKE SELECT ("title") ON "assets" FROM lv_client_view;
--> statement-breakpoint
-- presentAsset in SQL (server/assets/list-entry.test.ts): the clear or the sealed title and the
-- wrapped content key that opens it, in base64 as Node writes it (encode() breaks lines at 76).
CREATE OR REPLACE FUNCTION app_asset_list_entry(a assets) RETURNS text
LANGUAGE sql STABLE
AS $$
  SELECT row_to_json(e)::text FROM (
    SELECT a.id AS "id", a.type AS "type", a.title AS "title",
      translate(encode(a.encrypted_title, 'base64'), E'\n', '') AS "encryptedTitle",
      translate(encode(a.wrapped_key, 'base64'), E'\n', '') AS "wrappedKey",
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
UPDATE assets SET list_entry = '';
