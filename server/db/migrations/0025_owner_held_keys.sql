-- Owner-held data keys (issue 12 step 2; docs/decisions/038-owner-held-keys.md).
-- wrapped_key is now the escrowed copy (under the master key): kept only until the owner has moved
-- over and nothing of theirs still depends on it. The browser's wraps: DK under the password key
-- (with the PBKDF2 salt and cost it was derived with) and under the recovery key.
ALTER TABLE "user_keys" ALTER COLUMN "wrapped_key" DROP NOT NULL;
--> statement-breakpoint
ALTER TABLE "user_keys" ADD COLUMN "kdf_salt" bytea;
--> statement-breakpoint
ALTER TABLE "user_keys" ADD COLUMN "kdf_iterations" integer;
--> statement-breakpoint
ALTER TABLE "user_keys" ADD COLUMN "password_wrapped_key" bytea;
--> statement-breakpoint
ALTER TABLE "user_keys" ADD COLUMN "recovery_wrapped_key" bytea;
--> statement-breakpoint
ALTER TABLE "user_keys" ADD CONSTRAINT "user_keys_password_wrap_complete" CHECK (
  ("kdf_salt" IS NULL AND "kdf_iterations" IS NULL AND "password_wrapped_key" IS NULL)
  OR ("kdf_salt" IS NOT NULL AND "kdf_iterations" IS NOT NULL AND "password_wrapped_key" IS NOT NULL)
);
--> statement-breakpoint
-- Never a row that opens nothing: the escrowed copy, the password wrap, or both.
ALTER TABLE "user_keys" ADD CONSTRAINT "user_keys_some_wrap" CHECK (
  "wrapped_key" IS NOT NULL OR "password_wrapped_key" IS NOT NULL
);
--> statement-breakpoint
-- A recovery wrap only beside a password wrap (an account that has moved over).
ALTER TABLE "user_keys" ADD CONSTRAINT "user_keys_recovery_needs_password_wrap" CHECK (
  "recovery_wrapped_key" IS NULL OR "password_wrapped_key" IS NOT NULL
);
--> statement-breakpoint
-- The per-session key that wraps DK in the tab's sessionStorage: the server has this key, never
-- the wrapped copy. Gone with the session.
CREATE TABLE "session_vault_keys" (
	"session_id" text PRIMARY KEY NOT NULL REFERENCES "session"("id") ON DELETE CASCADE,
	"key" bytea NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- As user_keys: lv_app reads its own sessions' keys only; the server writes them as the system.
GRANT SELECT ON "session_vault_keys" TO lv_app;
--> statement-breakpoint
ALTER TABLE "session_vault_keys" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY session_vault_keys_owner_select ON "session_vault_keys" FOR SELECT TO lv_app
  USING (EXISTS (SELECT 1 FROM "session" s WHERE s.id = session_id AND s.user_id = (SELECT app_user_id())));
