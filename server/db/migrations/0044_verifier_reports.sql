-- Reports of a death or incapacity by a verifier, and the other verifiers' confirmations
-- (docs/decisions/082-verifier-reports.md). No key, share or title lives here. The owner's
-- "I'm fine" link and the verifiers' sign-in codes and sessions are kept as hashes only.
CREATE TABLE "verifier_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" text NOT NULL REFERENCES "user"("id") ON DELETE cascade,
	"kind" text NOT NULL,
	"note" text,
	"reported_by" uuid REFERENCES "verifiers"("id") ON DELETE set null,
	"reporter_name" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	"stopped_via" text,
	"release_id" uuid REFERENCES "releases"("id") ON DELETE set null,
	"fine_token_hash" text UNIQUE,
	"fine_expires_at" timestamp with time zone,
	CONSTRAINT "verifier_reports_kind" CHECK ("kind" IN ('death', 'incapacity')),
	CONSTRAINT "verifier_reports_status" CHECK ("status" IN ('open', 'confirmed', 'stopped')),
	CONSTRAINT "verifier_reports_note_length" CHECK (char_length("note") <= 2000),
	CONSTRAINT "verifier_reports_via" CHECK ("stopped_via" IN ('sign_in', 'fine', 'fine_link', 'heard'))
);
--> statement-breakpoint
-- one open report per owner at a time
CREATE UNIQUE INDEX "verifier_reports_open_idx" ON "verifier_reports" ("owner_id") WHERE "status" = 'open';
--> statement-breakpoint
CREATE INDEX "verifier_reports_owner_idx" ON "verifier_reports" ("owner_id", "created_at");
--> statement-breakpoint
CREATE TABLE "verifier_report_confirmations" (
	"report_id" uuid NOT NULL REFERENCES "verifier_reports"("id") ON DELETE cascade,
	"verifier_id" uuid NOT NULL REFERENCES "verifiers"("id") ON DELETE cascade,
	"name" text NOT NULL,
	"confirmed_at" timestamp with time zone NOT NULL,
	PRIMARY KEY ("report_id", "verifier_id")
);
--> statement-breakpoint
-- The reporter's document (e.g. a death certificate): PDF, JPEG or PNG, at most 10 MB, sealed at rest
-- with the server's document key (as release_documents). Not vault content: verifiers hold no key.
CREATE TABLE "verifier_report_documents" (
	"report_id" uuid PRIMARY KEY NOT NULL REFERENCES "verifier_reports"("id") ON DELETE cascade,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"data" bytea NOT NULL
);
--> statement-breakpoint
-- A verifier proves their address on /verifier/report: a code e-mailed to it, then a short session.
CREATE TABLE "verifier_sign_ins" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"code_hash" text,
	"code_expires_at" timestamp with time zone,
	"code_attempts" integer DEFAULT 0 NOT NULL,
	"session_hash" text UNIQUE,
	"session_expires_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "verifier_sign_ins_email_idx" ON "verifier_sign_ins" ("email", "created_at");
--> statement-breakpoint
-- As verifiers (migration 0043): every write is a system operation after the API's access check;
-- lv_app reads the owner's own reports and their confirmations; the link hash is not granted.
-- the owner's Verifiers card says when an invitation link expired (decision 081's card; not a secret)
GRANT SELECT ("invite_expires_at") ON "verifiers" TO lv_app;
--> statement-breakpoint
GRANT SELECT ("id", "owner_id", "kind", "note", "reported_by", "reporter_name", "status", "created_at", "closed_at", "stopped_via", "release_id") ON "verifier_reports" TO lv_app;
--> statement-breakpoint
ALTER TABLE "verifier_reports" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY verifier_reports_owner ON "verifier_reports" FOR SELECT TO lv_app USING (
  owner_id = (SELECT app_user_id())
);
--> statement-breakpoint
GRANT SELECT ON "verifier_report_confirmations" TO lv_app;
--> statement-breakpoint
ALTER TABLE "verifier_report_confirmations" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY verifier_report_confirmations_owner ON "verifier_report_confirmations" FOR SELECT TO lv_app USING (
  EXISTS (SELECT 1 FROM verifier_reports r WHERE r.id = report_id AND r.owner_id = (SELECT app_user_id()))
);
--> statement-breakpoint
-- no grant at all: only the system reads a sign-in or a document (after the API's access check)
ALTER TABLE "verifier_sign_ins" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "verifier_report_documents" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
-- A report is made, confirmed or stopped: its owner's screens (the banner, the release card), and their firm's.
CREATE OR REPLACE FUNCTION app_live_verifier_reports() RETURNS trigger
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
CREATE TRIGGER verifier_reports_live AFTER INSERT OR UPDATE ON verifier_reports
  FOR EACH ROW EXECUTE FUNCTION app_live_verifier_reports();
