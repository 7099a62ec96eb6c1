-- The incapacity scope (docs/decisions/093): items the owner marks go, read-only and for a limited
-- time, to named caregivers while the owner cannot act. The owner's settings, the marked items
-- (each wrapped by the owner's browser for the caregiver's beneficiary key) and each run of the
-- scope (waiting, then active, then ended).
CREATE TABLE "incapacity_plans" (
	"owner_id" text PRIMARY KEY NOT NULL REFERENCES "user"("id") ON DELETE cascade,
	"wait_days" integer NOT NULL DEFAULT 2,
	"access_days" integer NOT NULL DEFAULT 30,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "incapacity_plans_wait" CHECK ("wait_days" IN (1, 2, 3, 7)),
	CONSTRAINT "incapacity_plans_access" CHECK ("access_days" IN (30, 90, 180))
);
--> statement-breakpoint
CREATE TABLE "incapacity_items" (
	"asset_id" uuid NOT NULL,
	"owner_id" text NOT NULL,
	"email" text NOT NULL,
	"beneficiary_key_id" uuid NOT NULL REFERENCES "beneficiary_keys"("id") ON DELETE cascade,
	"wrapped_key" bytea NOT NULL,
	CONSTRAINT "incapacity_items_pk" PRIMARY KEY ("asset_id", "email"),
	CONSTRAINT "incapacity_items_asset_fk" FOREIGN KEY ("asset_id", "owner_id") REFERENCES "assets"("id", "user_id") ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX "incapacity_items_email_idx" ON "incapacity_items" ("email");
--> statement-breakpoint
CREATE INDEX "incapacity_items_owner_idx" ON "incapacity_items" ("owner_id");
--> statement-breakpoint
CREATE TABLE "incapacity_scopes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" text NOT NULL REFERENCES "user"("id") ON DELETE cascade,
	"status" text NOT NULL,
	"report_id" uuid REFERENCES "verifier_reports"("id") ON DELETE set null,
	"reporter_name" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"opens_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"ended_via" text,
	CONSTRAINT "incapacity_scopes_status" CHECK ("status" IN ('waiting', 'active', 'ended')),
	CONSTRAINT "incapacity_scopes_via" CHECK ("ended_via" IN ('sign_in', 'check_in', 'withdrawn', 'expired', 'released'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "incapacity_scopes_open_idx" ON "incapacity_scopes" ("owner_id") WHERE "status" <> 'ended';
--> statement-breakpoint
CREATE INDEX "incapacity_scopes_owner_idx" ON "incapacity_scopes" ("owner_id", "started_at");
--> statement-breakpoint
-- The owner reads and writes their own settings and marks, and reads their own scopes, under RLS.
-- Starting, opening and ending a scope, and the caregiver's portal reads, are system operations
-- after the API's own checks (as every release step). Nobody else has a policy.
GRANT SELECT, INSERT, UPDATE ON "incapacity_plans" TO lv_app;
--> statement-breakpoint
GRANT SELECT, INSERT, DELETE ON "incapacity_items" TO lv_app;
--> statement-breakpoint
GRANT SELECT ON "incapacity_scopes" TO lv_app;
--> statement-breakpoint
ALTER TABLE "incapacity_plans" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "incapacity_items" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "incapacity_scopes" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY incapacity_plans_owner ON "incapacity_plans" FOR ALL TO lv_app
  USING (owner_id = (SELECT app_user_id()))
  WITH CHECK (owner_id = (SELECT app_user_id()));
--> statement-breakpoint
CREATE POLICY incapacity_items_owner ON "incapacity_items" FOR ALL TO lv_app
  USING (owner_id = (SELECT app_user_id()))
  WITH CHECK (owner_id = (SELECT app_user_id()));
--> statement-breakpoint
CREATE POLICY incapacity_scopes_owner ON "incapacity_scopes" FOR SELECT TO lv_app
  USING (owner_id = (SELECT app_user_id()));
