-- Final wishes (docs/decisions/097-final-wishes.md): a sixth item type, 'wishes', one per owner, its
-- every field sealed in the browser like an estate entry's. Only the type is in clear, and, when
-- the owner chooses it, that the item opens to its people as soon as a death is confirmed (k
-- verifiers, or the firm's attestation), before the wait ends: a row of "wishes_at_report".
ALTER TABLE "assets" DROP CONSTRAINT "assets_type_check";
--> statement-breakpoint
ALTER TABLE "assets" ADD CONSTRAINT "assets_type_check"
  CHECK ("type" in ('password', 'document', 'note', 'estate', 'message', 'wishes'));
--> statement-breakpoint
-- one directive per owner
CREATE UNIQUE INDEX "assets_one_wishes_idx" ON "assets" ("user_id") WHERE "type" = 'wishes';
--> statement-breakpoint
CREATE TABLE "wishes_at_report" (
	"asset_id" uuid PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL,
	"chosen_at" timestamp with time zone NOT NULL,
	CONSTRAINT "wishes_at_report_asset_fk" FOREIGN KEY ("asset_id", "owner_id") REFERENCES "assets"("id", "user_id") ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX "wishes_at_report_owner_idx" ON "wishes_at_report" ("owner_id");
--> statement-breakpoint
-- The owner reads and writes their own choice under RLS; the portal's reads are system operations
-- after the API's own checks (as every release step). Nobody else has a policy.
GRANT SELECT, INSERT, DELETE ON "wishes_at_report" TO lv_app;
--> statement-breakpoint
ALTER TABLE "wishes_at_report" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY wishes_at_report_owner ON "wishes_at_report" FOR ALL TO lv_app
  USING (owner_id = (SELECT app_user_id()))
  WITH CHECK (owner_id = (SELECT app_user_id()));
