-- Every new file is uploaded in encrypted chunks (docs/decisions/108), a note's voice recording
-- too: an upload may be of any kind of file.
ALTER TABLE "asset_file_uploads" DROP CONSTRAINT "asset_file_uploads_kind_check";
--> statement-breakpoint
ALTER TABLE "asset_file_uploads" ADD CONSTRAINT "asset_file_uploads_kind_check"
  CHECK ("kind" in ('document', 'recording', 'attachment', 'media'));
--> statement-breakpoint
-- The list entry's files say whether each was uploaded in encrypted chunks (docs/decisions/108):
-- the browser's plaintext size takes 28 bytes off per chunk, not once. As 0058's function, with
-- "isChunked" added to each file.
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
        SELECT kind, content_type AS "contentType", size, chunked_in IS NOT NULL AS "isChunked"
        FROM asset_files WHERE asset_id = a.id
      ) f), '[]'::json) AS "files"
  ) e
$$;
--> statement-breakpoint
UPDATE assets SET list_entry = '';
