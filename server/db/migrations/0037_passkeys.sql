-- Passkeys (issue 15, point 5; docs/decisions/056-passkeys.md): the table better-auth's passkey
-- plugin (@better-auth/passkey) reads and writes, with its field names in snake case as the other
-- auth tables. better-auth uses it as the table's owner (registration, sign-in); the app's own
-- routes list, rename and delete the owner's passkeys under lv_app and row-level security.
CREATE TABLE "passkey" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text,
	-- COSE public key, base64: not a secret, but only better-auth needs it.
	"public_key" text NOT NULL,
	"user_id" text NOT NULL REFERENCES "user"("id") ON DELETE CASCADE,
	"credential_id" text NOT NULL,
	"counter" integer NOT NULL,
	"device_type" text NOT NULL,
	"backed_up" boolean NOT NULL,
	"transports" text,
	"created_at" timestamp with time zone DEFAULT now(),
	"aaguid" text
);
--> statement-breakpoint
CREATE INDEX "passkey_user_id_idx" ON "passkey" ("user_id");
--> statement-breakpoint
-- A credential signs in one account: sign-in finds the passkey by it.
CREATE UNIQUE INDEX "passkey_credential_id_idx" ON "passkey" ("credential_id");
--> statement-breakpoint
-- The owner lists, renames and deletes their own passkeys; never another account's, never the key itself.
GRANT SELECT ("id", "name", "user_id", "created_at", "device_type", "backed_up") ON "passkey" TO lv_app;
--> statement-breakpoint
GRANT UPDATE ("name") ON "passkey" TO lv_app;
--> statement-breakpoint
GRANT DELETE ON "passkey" TO lv_app;
--> statement-breakpoint
ALTER TABLE "passkey" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY passkey_owner ON "passkey" FOR ALL TO lv_app
  USING (user_id = (SELECT app_user_id())) WITH CHECK (user_id = (SELECT app_user_id()));
