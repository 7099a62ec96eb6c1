-- Issue 16 point 10 (docs/decisions/041-client-firm-details.md): what a firm keeps about one of its
-- clients, edited on /clients/edit/{id}: its own reference and notes. The client's name, phone and
-- address stay the client's (profiles); the client never reads or writes these.
CREATE TABLE "client_firm_details" (
	"firm_id" uuid NOT NULL REFERENCES "firms"("id") ON DELETE CASCADE,
	"client_id" text NOT NULL REFERENCES "profiles"("id") ON DELETE CASCADE,
	"reference" text,
	"notes" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text REFERENCES "user"("id") ON DELETE SET NULL,
	CONSTRAINT "client_firm_details_pk" PRIMARY KEY ("firm_id", "client_id")
);
--> statement-breakpoint
CREATE INDEX "client_firm_details_client_idx" ON "client_firm_details" ("client_id");
--> statement-breakpoint
GRANT SELECT, INSERT ON "client_firm_details" TO lv_app;
--> statement-breakpoint
GRANT UPDATE ("reference", "notes", "updated_at", "updated_by") ON "client_firm_details" TO lv_app;
--> statement-breakpoint
ALTER TABLE "client_firm_details" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
-- The admins and staff of the client's own firm, for a client (regular_user) who is in that firm
-- now: a client who leaves takes nothing with them, and another firm never sees these rows.
CREATE POLICY client_firm_details_firm ON "client_firm_details" FOR ALL TO lv_app
  USING (
    firm_id = (SELECT app_staff_firm_id())
    AND EXISTS (SELECT 1 FROM profiles p WHERE p.id = client_id AND p.firm_id = client_firm_details.firm_id AND p.role = 'regular_user')
  )
  WITH CHECK (
    firm_id = (SELECT app_staff_firm_id())
    AND updated_by = (SELECT app_user_id())
    AND EXISTS (SELECT 1 FROM profiles p WHERE p.id = client_id AND p.firm_id = client_firm_details.firm_id AND p.role = 'regular_user')
  );
--> statement-breakpoint
-- Re-inviting a pending invitation e-mails a new link and extends it to 7 days from now; the links
-- sent before keep working until then (spec 01 §4; docs/decisions/022, amended). Only their hashes,
-- as for the current link. Read and written by the system only: lv_app has no grant.
CREATE TABLE "invitation_earlier_links" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"invitation_id" uuid NOT NULL REFERENCES "invitations"("id") ON DELETE CASCADE,
	"sent_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "invitation_earlier_links_invitation_idx" ON "invitation_earlier_links" ("invitation_id");
--> statement-breakpoint
ALTER TABLE "invitation_earlier_links" ENABLE ROW LEVEL SECURITY;
