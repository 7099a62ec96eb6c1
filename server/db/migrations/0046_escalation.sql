-- Escalation before any wait starts (docs/decisions/085-escalation.md): when the inactivity period
-- ends and the owner has accepted verifiers, they are asked to reach the owner first. The owner may
-- pause the countdown (travel, hospital) up to a limit they set, and may require a verifier.
-- No key, share or title lives here.
ALTER TABLE "release_plans" ADD COLUMN "require_verifier" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "release_plans" ADD COLUMN "max_pause_days" integer DEFAULT 90 NOT NULL;
--> statement-breakpoint
ALTER TABLE "release_plans" ADD COLUMN "paused_until" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "release_plans" ADD CONSTRAINT "release_plans_max_pause_days" CHECK ("max_pause_days" BETWEEN 0 AND 365);
--> statement-breakpoint
CREATE TABLE "escalations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" text NOT NULL REFERENCES "user"("id") ON DELETE cascade,
	"status" text DEFAULT 'open' NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"held_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"release_id" uuid REFERENCES "releases"("id") ON DELETE set null,
	CONSTRAINT "escalations_status" CHECK ("status" IN ('open', 'reached', 'checked_in', 'wait_started', 'stopped'))
);
--> statement-breakpoint
-- one open escalation per owner at a time
CREATE UNIQUE INDEX "escalations_open_idx" ON "escalations" ("owner_id") WHERE "status" = 'open';
--> statement-breakpoint
CREATE INDEX "escalations_owner_idx" ON "escalations" ("owner_id", "started_at");
--> statement-breakpoint
CREATE TABLE "escalation_answers" (
	"escalation_id" uuid NOT NULL REFERENCES "escalations"("id") ON DELETE cascade,
	"verifier_id" uuid NOT NULL REFERENCES "verifiers"("id") ON DELETE cascade,
	"name" text NOT NULL,
	"answer" text NOT NULL,
	"answered_at" timestamp with time zone NOT NULL,
	PRIMARY KEY ("escalation_id", "verifier_id"),
	CONSTRAINT "escalation_answers_answer" CHECK ("answer" IN ('reached', 'unreachable'))
);
--> statement-breakpoint
-- As verifier reports (0044): every write is a system operation after the API's access check;
-- lv_app reads the owner's own escalations and their answers.
GRANT SELECT ON "escalations" TO lv_app;
--> statement-breakpoint
ALTER TABLE "escalations" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY escalations_owner ON "escalations" FOR SELECT TO lv_app USING (
  owner_id = (SELECT app_user_id())
);
--> statement-breakpoint
GRANT SELECT ON "escalation_answers" TO lv_app;
--> statement-breakpoint
ALTER TABLE "escalation_answers" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY escalation_answers_owner ON "escalation_answers" FOR SELECT TO lv_app USING (
  EXISTS (SELECT 1 FROM escalations e WHERE e.id = escalation_id AND e.owner_id = (SELECT app_user_id()))
);
--> statement-breakpoint
-- An escalation starts or closes: its owner's screens and their firm's refresh (kind 'release').
CREATE OR REPLACE FUNCTION app_live_escalations() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public
AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.status IS NOT DISTINCT FROM OLD.status THEN
    RETURN NULL;
  END IF;
  PERFORM app_live_notify('release', (SELECT firm_id FROM profiles WHERE id = NEW.owner_id), NEW.owner_id);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER escalations_live AFTER INSERT OR UPDATE ON escalations
  FOR EACH ROW EXECUTE FUNCTION app_live_escalations();
