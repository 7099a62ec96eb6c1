-- Messages for later (docs/decisions/089-messages-for-later.md): a fifth item type. A message is an
-- item like the others (sealed title, sealed content, its files as ciphertext); only the type
-- 'message' is in clear, plus the schedule the server needs to deliver it. A voice message or a
-- video is its item's file of the new kind 'media'.
ALTER TABLE "assets" DROP CONSTRAINT "assets_type_check";
--> statement-breakpoint
ALTER TABLE "assets" ADD CONSTRAINT "assets_type_check"
  CHECK ("type" in ('password', 'document', 'note', 'estate', 'message'));
--> statement-breakpoint
ALTER TABLE "asset_files" DROP CONSTRAINT "asset_files_kind_check";
--> statement-breakpoint
ALTER TABLE "asset_files" ADD CONSTRAINT "asset_files_kind_check"
  CHECK ("kind" in ('document', 'recording', 'attachment', 'media'));
--> statement-breakpoint
ALTER TABLE "asset_file_versions" DROP CONSTRAINT "asset_file_versions_kind_check";
--> statement-breakpoint
ALTER TABLE "asset_file_versions" ADD CONSTRAINT "asset_file_versions_kind_check"
  CHECK ("kind" in ('document', 'recording', 'attachment', 'media'));
--> statement-breakpoint
-- One row per message: when it is delivered, and the server's waiting share W (sealed under a
-- master-derived key, the message id as additional data), handed out only once it is delivered.
-- due_at is null until the owner's release starts the message's clock; delivered_at is set once,
-- by the sweep that claims the row.
CREATE TABLE "message_schedules" (
	"asset_id" uuid PRIMARY KEY NOT NULL REFERENCES "assets"("id") ON DELETE cascade,
	"user_id" text NOT NULL REFERENCES "user"("id") ON DELETE cascade,
	"deliver_when" text NOT NULL,
	"deliver_on" date,
	"years_after" integer,
	"waiting_share" bytea NOT NULL,
	"released_at" timestamp with time zone,
	"due_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_schedules_when" CHECK (
		("deliver_when" = 'release' AND "deliver_on" IS NULL AND "years_after" IS NULL)
		OR ("deliver_when" = 'date' AND "deliver_on" IS NOT NULL AND "years_after" IS NULL)
		OR ("deliver_when" = 'anniversary' AND "deliver_on" IS NULL AND "years_after" BETWEEN 1 AND 25)
	)
);
--> statement-breakpoint
-- The sweep reads due rows only: those not delivered yet, by due date.
CREATE INDEX "message_schedules_due_idx" ON "message_schedules" ("due_at")
  WHERE "delivered_at" IS NULL AND "due_at" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "message_schedules_user_idx" ON "message_schedules" ("user_id");
--> statement-breakpoint
-- The owner reads and writes their own messages' schedules only, under RLS, and never the
-- delivery columns (the release and the sweep write those as the system). Nobody else (a firm, a
-- beneficiary, a verifier) has a policy.
GRANT SELECT, INSERT, DELETE ON "message_schedules" TO lv_app;
--> statement-breakpoint
GRANT UPDATE ("deliver_when", "deliver_on", "years_after", "waiting_share", "updated_at") ON "message_schedules" TO lv_app;
--> statement-breakpoint
ALTER TABLE "message_schedules" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY message_schedules_owner ON "message_schedules" FOR ALL TO lv_app
  USING (user_id = (SELECT app_user_id()))
  WITH CHECK (user_id = (SELECT app_user_id())
    AND EXISTS (SELECT 1 FROM assets a WHERE a.id = asset_id AND a.user_id = (SELECT app_user_id()) AND a.type = 'message'));
