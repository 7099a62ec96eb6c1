-- Verifiers (docs/decisions/081-verifiers.md): up to 5 trusted people, or the owner's firm as a
-- whole, who accept the role without an account; and the owner's threshold k. No key, share or
-- title lives here. Link tokens and codes are kept as hashes only (SECURITY.md).
CREATE TABLE "verifiers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" text NOT NULL REFERENCES "user"("id") ON DELETE cascade,
	"kind" text NOT NULL,
	"name" text,
	"email" text,
	"firm_id" uuid REFERENCES "firms"("id") ON DELETE cascade,
	"status" text DEFAULT 'invited' NOT NULL,
	"invited_at" timestamp with time zone NOT NULL,
	"responded_at" timestamp with time zone,
	"last_answered_at" timestamp with time zone,
	"next_check_at" timestamp with time zone,
	"invite_token_hash" text UNIQUE,
	"invite_expires_at" timestamp with time zone,
	"code_hash" text,
	"code_expires_at" timestamp with time zone,
	"code_attempts" integer DEFAULT 0 NOT NULL,
	"check_token_hash" text UNIQUE,
	"check_expires_at" timestamp with time zone,
	CONSTRAINT "verifiers_kind" CHECK ("kind" IN ('person', 'firm')),
	CONSTRAINT "verifiers_status" CHECK ("status" IN ('invited', 'accepted', 'declined')),
	-- a person has a name and an address and no firm; the firm has a firm and nothing else
	CONSTRAINT "verifiers_kind_fields" CHECK (
		("kind" = 'person' AND "name" IS NOT NULL AND "email" IS NOT NULL AND "firm_id" IS NULL)
		OR ("kind" = 'firm' AND "name" IS NULL AND "email" IS NULL AND "firm_id" IS NOT NULL)
	)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "verifiers_owner_email_idx" ON "verifiers" ("owner_id", "email") WHERE "email" IS NOT NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX "verifiers_owner_firm_idx" ON "verifiers" ("owner_id", "firm_id") WHERE "firm_id" IS NOT NULL;
--> statement-breakpoint
-- the yearly sweep reads the due accepted rows only
CREATE INDEX "verifiers_next_check_idx" ON "verifiers" ("next_check_at") WHERE "status" = 'accepted';
--> statement-breakpoint
CREATE TABLE "verifier_thresholds" (
	"owner_id" text PRIMARY KEY NOT NULL REFERENCES "user"("id") ON DELETE cascade,
	"threshold" integer NOT NULL,
	CONSTRAINT "verifier_thresholds_range" CHECK ("threshold" BETWEEN 1 AND 5)
);
--> statement-breakpoint
-- As releases (migration 0009): every write is a system operation after the API's access check;
-- lv_app reads the owner's own rows, and the admins of the owner's current firm read the firm's own
-- verifier row of their clients. The hashes of links and codes are not granted at all.
GRANT SELECT ("id", "owner_id", "kind", "name", "email", "firm_id", "status", "invited_at", "responded_at", "last_answered_at", "next_check_at") ON "verifiers" TO lv_app;
--> statement-breakpoint
ALTER TABLE "verifiers" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY verifiers_owner_or_firm_admin ON "verifiers" FOR SELECT TO lv_app USING (
  owner_id = (SELECT app_user_id())
  OR (
    kind = 'firm' AND firm_id = (SELECT app_admin_firm_id())
    AND EXISTS (SELECT 1 FROM profiles p WHERE p.id = owner_id AND p.role = 'regular_user' AND p.firm_id = verifiers.firm_id)
  )
);
--> statement-breakpoint
GRANT SELECT ON "verifier_thresholds" TO lv_app;
--> statement-breakpoint
ALTER TABLE "verifier_thresholds" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY verifier_thresholds_owner ON "verifier_thresholds" FOR SELECT TO lv_app USING (
  owner_id = (SELECT app_user_id())
);
