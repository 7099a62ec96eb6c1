-- Items delivered later, and fallbacks in order (docs/decisions/096-items-delivered-later.md). An
-- item may be delivered at the release or 7, 30 or 90 days after it, and may name up to three
-- fallback people, each used only if the one before has not claimed it within claim_days. Only
-- the delay, the days and the fallbacks' addresses are in clear. A row exists only for an item
-- that waits or names fallbacks (no row: at the release, no fallback).
CREATE TABLE "item_deliveries" (
	"asset_id" uuid PRIMARY KEY NOT NULL REFERENCES "assets"("id") ON DELETE cascade,
	"user_id" text NOT NULL REFERENCES "user"("id") ON DELETE cascade,
	"delay_days" smallint NOT NULL,
	"claim_days" smallint DEFAULT 30 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "item_deliveries_delay" CHECK ("delay_days" IN (0, 7, 30, 90)),
	CONSTRAINT "item_deliveries_claim" CHECK ("claim_days" IN (30, 60, 90))
);
--> statement-breakpoint
CREATE INDEX "item_deliveries_user_idx" ON "item_deliveries" ("user_id");
--> statement-breakpoint
-- The owner reads and writes their own items' delays only, under RLS. Nobody else (a firm, a
-- beneficiary, a verifier) has a policy; the release reads them as the system.
GRANT SELECT, INSERT, DELETE ON "item_deliveries" TO lv_app;
--> statement-breakpoint
GRANT UPDATE ("delay_days", "claim_days", "updated_at") ON "item_deliveries" TO lv_app;
--> statement-breakpoint
ALTER TABLE "item_deliveries" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY item_deliveries_owner ON "item_deliveries" FOR ALL TO lv_app
  USING (user_id = (SELECT app_user_id()))
  WITH CHECK (user_id = (SELECT app_user_id())
    AND EXISTS (SELECT 1 FROM assets a WHERE a.id = asset_id AND a.user_id = (SELECT app_user_id())));
--> statement-breakpoint
-- An item's fallbacks in order: each one's wrap of the item key, made in the owner's browser with
-- that person's beneficiary key (re-issuing the key drops the wrap), withheld until activated: the
-- portal reads wraps from asset_beneficiaries only, where activation copies it.
CREATE TABLE "item_fallbacks" (
	"asset_id" uuid NOT NULL REFERENCES "assets"("id") ON DELETE cascade,
	"user_id" text NOT NULL REFERENCES "user"("id") ON DELETE cascade,
	"position" smallint NOT NULL,
	"email" text NOT NULL,
	"beneficiary_key_id" uuid NOT NULL REFERENCES "beneficiary_keys"("id") ON DELETE cascade,
	"wrapped_key" bytea NOT NULL,
	CONSTRAINT "item_fallbacks_pk" PRIMARY KEY ("asset_id", "position"),
	CONSTRAINT "item_fallbacks_email" UNIQUE ("asset_id", "email"),
	CONSTRAINT "item_fallbacks_position" CHECK ("position" BETWEEN 1 AND 3)
);
--> statement-breakpoint
CREATE INDEX "item_fallbacks_user_idx" ON "item_fallbacks" ("user_id");
--> statement-breakpoint
GRANT SELECT, INSERT, DELETE ON "item_fallbacks" TO lv_app;
--> statement-breakpoint
ALTER TABLE "item_fallbacks" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY item_fallbacks_owner ON "item_fallbacks" FOR ALL TO lv_app
  USING (user_id = (SELECT app_user_id()))
  WITH CHECK (user_id = (SELECT app_user_id())
    AND EXISTS (SELECT 1 FROM assets a WHERE a.id = asset_id AND a.user_id = (SELECT app_user_id()))
    AND EXISTS (SELECT 1 FROM beneficiary_keys k WHERE k.id = beneficiary_key_id
      AND k.user_id = (SELECT app_user_id()) AND k.email = item_fallbacks.email));
--> statement-breakpoint
-- A released item that waits: due_at is its day (null: given at the release), delivered_at is set
-- once, by the sweep that claims the row. Until then the portal answers 404 for it. release_items
-- stays a system table (no grant to lv_app, migration 0009).
ALTER TABLE "release_items" ADD COLUMN "due_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "release_items" ADD COLUMN "delivered_at" timestamp with time zone;
--> statement-breakpoint
-- When the beneficiary first opened it (claimed), and which fallback it went to (null: left to them).
ALTER TABLE "release_items" ADD COLUMN "claimed_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "release_items" ADD COLUMN "fallback_position" smallint;
--> statement-breakpoint
-- The sweep reads due rows only: those not delivered yet, by due date.
CREATE INDEX "release_items_due_idx" ON "release_items" ("due_at")
  WHERE "delivered_at" IS NULL AND "due_at" IS NOT NULL;
--> statement-breakpoint
-- The fallback sweep reads unclaimed rows only.
CREATE INDEX "release_items_unclaimed_idx" ON "release_items" ("asset_id")
  WHERE "claimed_at" IS NULL;
