-- The owner's own items are live too (docs/decisions/076-live-items.md): an item, document, note,
-- file, version or beneficiary added, changed or deleted in one browser is announced on lv_live
-- (migration 0034), so the owner's other sessions fetch again. The payload names only the kind and
-- the owner ('assets' or 'beneficiaries'), never an item: identical payloads within a transaction
-- are delivered once, so an account's deletion or a batch of rows is one notification.
--
-- An item: created, edited, deleted, released, starred; a file or a beneficiary added or removed
-- rewrites the item's list entry (migrations 0014, 0036), which is an update of the item too. Only
-- "recently used" alone is left out: opening an item would otherwise refresh every open screen.
CREATE OR REPLACE FUNCTION app_live_assets() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public
AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.last_used_at IS DISTINCT FROM OLD.last_used_at
      AND to_jsonb(NEW) - 'last_used_at' - 'list_entry' = to_jsonb(OLD) - 'last_used_at' - 'list_entry' THEN
    RETURN NULL;
  END IF;
  PERFORM app_live_notify('assets', NULL, CASE WHEN TG_OP = 'DELETE' THEN OLD.user_id ELSE NEW.user_id END);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER assets_live AFTER INSERT OR UPDATE OR DELETE ON assets
  FOR EACH ROW EXECUTE FUNCTION app_live_assets();
--> statement-breakpoint
-- A row that holds its owner's user_id: its kind is the trigger's argument. Who an item is left to
-- and each one's wrap of its key (a wrap alone leaves the entry as it is): 'assets'; the owner's
-- beneficiaries and their beneficiary keys (made, re-issued, handed over): 'beneficiaries'.
CREATE OR REPLACE FUNCTION app_live_owner_row() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public
AS $$
BEGIN
  PERFORM app_live_notify(TG_ARGV[0], NULL, CASE WHEN TG_OP = 'DELETE' THEN OLD.user_id ELSE NEW.user_id END);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER asset_beneficiaries_live AFTER INSERT OR UPDATE OR DELETE ON asset_beneficiaries
  FOR EACH ROW EXECUTE FUNCTION app_live_owner_row('assets');
--> statement-breakpoint
-- A document's earlier versions. An item deleted takes them with it: its own row said so already.
CREATE OR REPLACE FUNCTION app_live_asset_file_versions() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public
AS $$
DECLARE
  owner text := (SELECT user_id FROM assets
                 WHERE id = CASE WHEN TG_OP = 'DELETE' THEN OLD.asset_id ELSE NEW.asset_id END);
BEGIN
  IF owner IS NOT NULL THEN
    PERFORM app_live_notify('assets', NULL, owner);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER asset_file_versions_live AFTER INSERT OR UPDATE OR DELETE ON asset_file_versions
  FOR EACH ROW EXECUTE FUNCTION app_live_asset_file_versions();
--> statement-breakpoint
CREATE TRIGGER beneficiaries_live AFTER INSERT OR UPDATE OR DELETE ON beneficiaries
  FOR EACH ROW EXECUTE FUNCTION app_live_owner_row('beneficiaries');
--> statement-breakpoint
CREATE TRIGGER beneficiary_keys_live AFTER INSERT OR UPDATE OR DELETE ON beneficiary_keys
  FOR EACH ROW EXECUTE FUNCTION app_live_owner_row('beneficiaries');
