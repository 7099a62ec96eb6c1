-- The actor's role and firm come with the session (docs/decisions/016-actor-in-session.md): the
-- user row better-auth reads on every request carries a copy of profiles.role and firm_id, kept
-- by this trigger in the same transaction as every change of the profile. The API's access rules
-- read the copy; row-level security keeps reading the profile.
ALTER TABLE "user" ADD COLUMN "role" text;
--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "firm_id" uuid;
--> statement-breakpoint
CREATE FUNCTION app_profiles_copy_actor() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public
AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE "user" SET role = NULL, firm_id = NULL WHERE id = OLD.id;
  ELSE
    UPDATE "user" SET role = NEW.role, firm_id = NEW.firm_id WHERE id = NEW.id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER profiles_copy_actor AFTER INSERT OR UPDATE OF role, firm_id OR DELETE ON profiles
  FOR EACH ROW EXECUTE FUNCTION app_profiles_copy_actor();
--> statement-breakpoint
-- ON DELETE SET NULL of profiles.firm_id (a firm deleted) is an UPDATE too: the trigger sees it.
UPDATE "user" u SET role = p.role, firm_id = p.firm_id FROM profiles p WHERE p.id = u.id;
