ALTER TABLE "invitations" ADD COLUMN "token_hash" text NOT NULL;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_token_hash_unique" UNIQUE("token_hash");--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "email" text;--> statement-breakpoint
UPDATE "profiles" SET "email" = u."email" FROM "user" u WHERE u."id" = "profiles"."id";--> statement-breakpoint
ALTER TABLE "profiles" ALTER COLUMN "email" SET NOT NULL;--> statement-breakpoint
CREATE OR REPLACE FUNCTION app_user_email() RETURNS text LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public
AS $$ SELECT email FROM "user" WHERE id = app_user_id() $$;--> statement-breakpoint
-- lv_app writes the e-mail copy only when creating its own profile, and only the account's own e-mail
CREATE POLICY profiles_self_insert_email ON profiles AS RESTRICTIVE FOR INSERT TO lv_app WITH CHECK (email = app_user_email());
