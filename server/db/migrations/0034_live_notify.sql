-- Live screens (issue 16 point 9, docs/decisions/051-live-screens.md): every change that a firm's
-- client list, staff list, invitations or a release screen shows is announced on the channel
-- lv_live, from whichever app process made it, at commit. The payload names only the kind and
-- the firm or owner it concerns, never data: the browser refetches through the API as usual.
CREATE OR REPLACE FUNCTION app_live_notify(kind text, firm uuid, owner text) RETURNS void
LANGUAGE sql VOLATILE
AS $$
  SELECT pg_notify('lv_live', json_build_object('k', kind, 'f', firm, 'u', owner)::text)
$$;
--> statement-breakpoint
-- A firm's people: a client or staff member joins, leaves, changes role or details.
CREATE OR REPLACE FUNCTION app_live_profiles() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public
AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (NEW.firm_id, NEW.role, NEW.name, NEW.email, NEW.phone, NEW.address)
      IS NOT DISTINCT FROM (OLD.firm_id, OLD.role, OLD.name, OLD.email, OLD.phone, OLD.address) THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.firm_id IS NOT NULL THEN
    PERFORM app_live_notify('people', OLD.firm_id, NULL);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.firm_id IS NOT NULL THEN
    PERFORM app_live_notify('people', NEW.firm_id, NULL);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER profiles_live AFTER INSERT OR UPDATE OR DELETE ON profiles
  FOR EACH ROW EXECUTE FUNCTION app_live_profiles();
--> statement-breakpoint
-- A firm's invitations: sent, re-sent, accepted, revoked.
CREATE OR REPLACE FUNCTION app_live_invitations() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public
AS $$
BEGIN
  PERFORM app_live_notify('invitations', CASE WHEN TG_OP = 'DELETE' THEN OLD.firm_id ELSE NEW.firm_id END, NULL);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER invitations_live AFTER INSERT OR UPDATE OR DELETE ON invitations
  FOR EACH ROW EXECUTE FUNCTION app_live_invitations();
--> statement-breakpoint
-- A release starts, is cancelled or happens: its owner's screens, and their firm's.
CREATE OR REPLACE FUNCTION app_live_releases() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public
AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.status IS NOT DISTINCT FROM OLD.status THEN
    RETURN NULL;
  END IF;
  PERFORM app_live_notify('release', (SELECT firm_id FROM profiles WHERE id = NEW.user_id), NEW.user_id);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER releases_live AFTER INSERT OR UPDATE ON releases
  FOR EACH ROW EXECUTE FUNCTION app_live_releases();
