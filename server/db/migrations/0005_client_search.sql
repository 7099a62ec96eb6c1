ALTER TABLE "firms" ADD COLUMN "client_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "firms" f SET "client_count" = (SELECT count(*) FROM "profiles" p WHERE p."firm_id" = f."id" AND p."role" = 'regular_user');
--> statement-breakpoint
CREATE OR REPLACE FUNCTION profiles_client_count() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.role = 'regular_user' AND OLD.firm_id IS NOT NULL THEN
    UPDATE firms SET client_count = client_count - 1 WHERE id = OLD.firm_id;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') AND NEW.role = 'regular_user' AND NEW.firm_id IS NOT NULL THEN
    UPDATE firms SET client_count = client_count + 1 WHERE id = NEW.firm_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER profiles_client_count AFTER INSERT OR DELETE OR UPDATE OF role, firm_id ON profiles
  FOR EACH ROW EXECUTE FUNCTION profiles_client_count();
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
-- /clients search: name or e-mail contains the text, case-insensitive, through a trigram index
CREATE INDEX profiles_search_trgm_idx ON profiles USING gin ((lower(name) || ' ' || email) gin_trgm_ops);
