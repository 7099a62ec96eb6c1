-- The asset list (issue 4: p99 at most 20 ms for 1,000 assets on PGlite). Building each asset's
-- JSON and its files' sub-select on every request was most of the list's time; the entry is now
-- written once, when the asset or one of its files changes, and a list joins stored text
-- (docs/decisions/014-asset-list-entry.md).
ALTER TABLE "assets" ADD COLUMN "list_entry" text DEFAULT '' NOT NULL;
--> statement-breakpoint
-- Timestamps as JavaScript's toISOString writes them (UTC, milliseconds, 'Z'): the same text presentAsset gives.
CREATE FUNCTION app_iso_time(t timestamptz) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$ SELECT to_char(t AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') $$;
--> statement-breakpoint
-- presentAsset in SQL: the same keys, values and order (server/assets/list-entry.test.ts checks it).
CREATE FUNCTION app_asset_list_entry(a assets) RETURNS text
LANGUAGE sql STABLE
AS $$
  SELECT row_to_json(e)::text FROM (
    SELECT a.id AS "id", a.type AS "type", a.title AS "title", a.beneficiary_email AS "beneficiaryEmail",
      app_iso_time(a.created_at) AS "createdAt", app_iso_time(a.updated_at) AS "updatedAt",
      a.release_triggered AS "releaseTriggered", app_iso_time(a.released_at) AS "releasedAt",
      coalesce((SELECT json_agg(f ORDER BY f.kind) FROM (
        SELECT kind, content_type AS "contentType", size FROM asset_files WHERE asset_id = a.id
      ) f), '[]'::json) AS "files"
  ) e
$$;
--> statement-breakpoint
CREATE FUNCTION app_assets_write_list_entry() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  NEW.list_entry := app_asset_list_entry(NEW);
  RETURN NEW;
END
$$;
--> statement-breakpoint
-- Every insert and update of an asset (the owner's edits, the release's fields) writes its entry.
CREATE TRIGGER assets_list_entry BEFORE INSERT OR UPDATE ON assets
  FOR EACH ROW EXECUTE FUNCTION app_assets_write_list_entry();
--> statement-breakpoint
-- A file added, replaced or removed rewrites its asset's entry (through the trigger above). As the
-- definer: the app role has no UPDATE grant on list_entry, and needs none.
CREATE FUNCTION app_asset_files_touch_asset() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public
AS $$
BEGIN
  UPDATE assets SET list_entry = '' WHERE id = CASE WHEN TG_OP = 'DELETE' THEN OLD.asset_id ELSE NEW.asset_id END;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER asset_files_list_entry AFTER INSERT OR UPDATE OR DELETE ON asset_files
  FOR EACH ROW EXECUTE FUNCTION app_asset_files_touch_asset();
--> statement-breakpoint
-- The entries of the assets that exist already.
UPDATE assets SET list_entry = '';
