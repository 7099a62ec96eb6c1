-- Signed-in devices (issue 15, points 6 and 7; docs/decisions/035-sessions-and-new-devices.md).
-- When a session last made a request, written at most every few minutes (server/sessions/touch.ts):
-- better-auth's updated_at moves only once a day.
ALTER TABLE "session" ADD COLUMN "last_seen_at" timestamp with time zone DEFAULT now() NOT NULL;
--> statement-breakpoint
-- The devices (browser, system and network, as a keyed hash) that an account has signed in from:
-- a sign-in from one not here sends the "was this you?" notice. No address is kept in clear.
CREATE TABLE "sign_in_devices" (
	"user_id" text NOT NULL REFERENCES "user"("id") ON DELETE CASCADE,
	"device_key" text NOT NULL,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sign_in_devices_pk" PRIMARY KEY ("user_id", "device_key")
);
--> statement-breakpoint
-- The owner lists their own sessions and keeps their last-seen time; never the token column, and
-- never another account's rows. Revoking goes through better-auth (as the table's owner).
GRANT SELECT ("id", "user_id", "ip_address", "user_agent", "created_at", "updated_at", "last_seen_at", "expires_at") ON "session" TO lv_app;
--> statement-breakpoint
GRANT UPDATE ("last_seen_at") ON "session" TO lv_app;
--> statement-breakpoint
ALTER TABLE "session" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY session_owner ON "session" FOR ALL TO lv_app
  USING (user_id = (SELECT app_user_id())) WITH CHECK (user_id = (SELECT app_user_id()));
