-- Reminders to a firm's clients whose plan is incomplete (docs/decisions/100): the firm's template,
-- its sends and their progress, each client's last reminder (at most one a month, enforced here),
-- and each client's opt-out with the hashed one-click tokens the e-mails carry.
CREATE TABLE "reminder_settings" (
	"firm_id" uuid PRIMARY KEY REFERENCES "firms"("id") ON DELETE cascade,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"is_monthly" boolean DEFAULT false NOT NULL,
	"next_monthly_at" timestamp with time zone,
	"updated_by" text REFERENCES "user"("id") ON DELETE set null,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reminder_settings_subject" CHECK (length("subject") BETWEEN 1 AND 120 AND "subject" !~ '[\r\n]'),
	CONSTRAINT "reminder_settings_body" CHECK (length("body") BETWEEN 1 AND 2000),
	CONSTRAINT "reminder_settings_monthly" CHECK ("is_monthly" = ("next_monthly_at" IS NOT NULL))
);
--> statement-breakpoint
CREATE INDEX "reminder_settings_due" ON "reminder_settings" ("next_monthly_at") WHERE "is_monthly";
--> statement-breakpoint
-- One send to the firm's incomplete plans: by an admin (started_by) or the monthly send (null).
CREATE TABLE "reminder_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL REFERENCES "firms"("id") ON DELETE cascade,
	"started_by" text REFERENCES "user"("id") ON DELETE set null,
	"is_monthly" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'sending' NOT NULL,
	"total_clients" integer NOT NULL,
	"processed_clients" integer DEFAULT 0 NOT NULL,
	"sent_clients" integer DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "reminder_runs_status" CHECK ("status" in ('sending', 'done')),
	CONSTRAINT "reminder_runs_counts" CHECK ("sent_clients" <= "processed_clients" AND "processed_clients" <= "total_clients")
);
--> statement-breakpoint
-- One send at a time per firm: a second "Send reminders" answers the one under way.
CREATE UNIQUE INDEX "reminder_runs_one_sending" ON "reminder_runs" ("firm_id") WHERE "status" = 'sending';
--> statement-breakpoint
CREATE INDEX "reminder_runs_firm_started" ON "reminder_runs" ("firm_id", "started_at");
--> statement-breakpoint
-- The clients a send is for, each claimed once across processes (SKIP LOCKED) and marked done in
-- the transaction that queues its e-mail.
CREATE TABLE "reminder_run_clients" (
	"run_id" uuid NOT NULL REFERENCES "reminder_runs"("id") ON DELETE cascade,
	"client_id" text NOT NULL REFERENCES "profiles"("id") ON DELETE cascade,
	"processed_at" timestamp with time zone,
	"is_sent" boolean,
	PRIMARY KEY ("run_id", "client_id")
);
--> statement-breakpoint
CREATE INDEX "reminder_run_clients_todo" ON "reminder_run_clients" ("run_id", "client_id") WHERE "processed_at" IS NULL;
--> statement-breakpoint
-- Each client's last reminder, whichever firm sent it. A reminder is claimed by moving this row on
-- (INSERT ... ON CONFLICT DO UPDATE ... WHERE a month has passed), which two processes cannot both
-- do; the trigger refuses any other write that would put two reminders within a month.
CREATE TABLE "client_reminders" (
	"client_id" text PRIMARY KEY REFERENCES "profiles"("id") ON DELETE cascade,
	"last_sent_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE FUNCTION app_client_reminders_monthly() RETURNS trigger
LANGUAGE plpgsql SET search_path = public AS $$
BEGIN
  IF NEW.last_sent_at < OLD.last_sent_at + interval '1 month' THEN
    RAISE EXCEPTION 'a client gets at most one reminder a month' USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER client_reminders_monthly BEFORE UPDATE ON "client_reminders"
  FOR EACH ROW EXECUTE FUNCTION app_client_reminders_monthly();
--> statement-breakpoint
-- A client who wants no reminders (the e-mail's one-click link or their profile): no reason kept.
CREATE TABLE "reminder_opt_outs" (
	"client_id" text PRIMARY KEY REFERENCES "profiles"("id") ON DELETE cascade,
	"opted_out_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- The opt-out links' tokens, as sha256 hashes only; each opts out the one client it was made for.
CREATE TABLE "reminder_opt_out_tokens" (
	"token_hash" text PRIMARY KEY,
	"client_id" text NOT NULL REFERENCES "profiles"("id") ON DELETE cascade,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "reminder_opt_out_tokens_created" ON "reminder_opt_out_tokens" ("created_at");
--> statement-breakpoint
ALTER TABLE "reminder_settings" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "reminder_runs" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "reminder_run_clients" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "client_reminders" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "reminder_opt_outs" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "reminder_opt_out_tokens" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
-- The firm's admins read its template and sends; the system writes them after the API's check.
-- The run's clients, the last-reminder rows and the tokens are the system's alone (no grant).
GRANT SELECT ON "reminder_settings", "reminder_runs" TO lv_app;
--> statement-breakpoint
CREATE POLICY reminder_settings_admin ON "reminder_settings" FOR SELECT TO lv_app
  USING (firm_id = (SELECT app_admin_firm_id()));
--> statement-breakpoint
CREATE POLICY reminder_runs_admin ON "reminder_runs" FOR SELECT TO lv_app
  USING (firm_id = (SELECT app_admin_firm_id()));
--> statement-breakpoint
-- A client reads, makes and removes their own opt-out; the admins of the client's current firm read
-- that it exists (who opted out, not why: there is no why).
GRANT SELECT, INSERT, DELETE ON "reminder_opt_outs" TO lv_app;
--> statement-breakpoint
CREATE POLICY reminder_opt_outs_own ON "reminder_opt_outs" FOR ALL TO lv_app
  USING (client_id = (SELECT app_user_id())) WITH CHECK (client_id = (SELECT app_user_id()));
--> statement-breakpoint
CREATE POLICY reminder_opt_outs_firm ON "reminder_opt_outs" FOR SELECT TO lv_app
  USING (EXISTS (SELECT 1 FROM profiles p WHERE p.id = client_id AND p.role = 'regular_user'
    AND p.firm_id = (SELECT app_admin_firm_id())));
