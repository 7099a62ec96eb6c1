-- Lists that work like a password manager (issue 16, point 1): the owner's favourites and when
-- they last used an item (copied from it or opened it). Neither moves updated_at ("recently
-- changed"); both are part of the list entry (docs/decisions/014-asset-list-entry.md).
ALTER TABLE "assets" ADD COLUMN "favorite" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "assets" ADD COLUMN "last_used_at" timestamp with time zone;
--> statement-breakpoint
-- The owner sets both on their own items (the policy assets_owner_update of migration 0007).
GRANT UPDATE (favorite, last_used_at) ON assets TO lv_app;
--> statement-breakpoint
-- presentAsset in SQL, with the two new fields before the files (server/assets/list-entry.test.ts).
CREATE OR REPLACE FUNCTION app_asset_list_entry(a assets) RETURNS text
LANGUAGE sql STABLE
AS $$
  SELECT row_to_json(e)::text FROM (
    SELECT a.id AS "id", a.type AS "type", a.title AS "title", a.beneficiary_email AS "beneficiaryEmail",
      app_iso_time(a.created_at) AS "createdAt", app_iso_time(a.updated_at) AS "updatedAt",
      a.release_triggered AS "releaseTriggered", app_iso_time(a.released_at) AS "releasedAt",
      a.favorite AS "isFavorite", app_iso_time(a.last_used_at) AS "lastUsedAt",
      coalesce((SELECT json_agg(f ORDER BY f.kind) FROM (
        SELECT kind, content_type AS "contentType", size FROM asset_files WHERE asset_id = a.id
      ) f), '[]'::json) AS "files"
  ) e
$$;
--> statement-breakpoint
-- The entries of the assets that exist already.
UPDATE assets SET list_entry = '';
