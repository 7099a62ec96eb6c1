-- Items delivered later (docs/decisions/096-items-delivered-later.md). An item may be delivered at
-- the release or 7, 30 or 90 days after it; only the delay is in clear. A row exists only for an
-- item that waits (no row: at the release).
CREATE TABLE "item_deliveries" (
	"asset_id" uuid PRIMARY KEY NOT NULL REFERENCES "assets"("id") ON DELETE cascade,
	"user_id" text NOT NULL REFERENCES "user"("id") ON DELETE cascade,
	"delay_days" smallint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "item_deliveries_delay" CHECK ("delay_days" IN (7, 30, 90))
);
--> statement-breakpoint
CREATE INDEX "item_deliveries_user_idx" ON "item_deliveries" ("user_id");
--> statement-breakpoint
-- The owner reads and writes their own items' delays only, under RLS. Nobody else (a firm, a
-- beneficiary, a verifier) has a policy; the release reads them as the system.
GRANT SELECT, INSERT, DELETE ON "item_deliveries" TO lv_app;
--> statement-breakpoint
GRANT UPDATE ("delay_days", "updated_at") ON "item_deliveries" TO lv_app;
--> statement-breakpoint
ALTER TABLE "item_deliveries" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY item_deliveries_owner ON "item_deliveries" FOR ALL TO lv_app
  USING (user_id = (SELECT app_user_id()))
  WITH CHECK (user_id = (SELECT app_user_id())
    AND EXISTS (SELECT 1 FROM assets a WHERE a.id = asset_id AND a.user_id = (SELECT app_user_id())));
--> statement-breakpoint
-- A released item that waits: due_at is its day (null: given at the release), delivered_at is set
-- once, by the sweep that claims the row. Until then the portal answers 404 for it. release_items
-- stays a system table (no grant to lv_app, migration 0009).
ALTER TABLE "release_items" ADD COLUMN "due_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "release_items" ADD COLUMN "delivered_at" timestamp with time zone;
--> statement-breakpoint
-- The sweep reads due rows only: those not delivered yet, by due date.
CREATE INDEX "release_items_due_idx" ON "release_items" ("due_at")
  WHERE "delivered_at" IS NULL AND "due_at" IS NOT NULL;
