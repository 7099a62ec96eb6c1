-- Client imports (docs/decisions/094): a firm's CSV file of clients, checked row by row (the
-- preview), then invited in the background. The state lives here, so the progress and the work
-- left survive a restart; a worker in any process claims batches of rows once (SKIP LOCKED).
CREATE TABLE "client_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"firm_id" uuid NOT NULL REFERENCES "firms"("id") ON DELETE cascade,
	"created_by" text REFERENCES "user"("id") ON DELETE set null,
	"file_name" text NOT NULL,
	"file_hash" text NOT NULL,
	"status" text DEFAULT 'previewed' NOT NULL,
	"total_rows" integer NOT NULL,
	"ready_rows" integer NOT NULL,
	"processed_rows" integer DEFAULT 0 NOT NULL,
	"invited_rows" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"inviter_name" text,
	"started_by" text REFERENCES "user"("id") ON DELETE set null,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "client_imports_status" CHECK ("status" in ('previewed', 'sending', 'done')),
	CONSTRAINT "client_imports_counts" CHECK ("ready_rows" <= "total_rows" AND "processed_rows" <= "ready_rows" AND "invited_rows" <= "processed_rows")
);
--> statement-breakpoint
-- The same file uploaded again by the same firm is the same import (idempotent).
CREATE UNIQUE INDEX "client_imports_firm_file" ON "client_imports" ("firm_id", "file_hash");
--> statement-breakpoint
CREATE INDEX "client_imports_firm_created" ON "client_imports" ("firm_id", "created_at");
--> statement-breakpoint
CREATE INDEX "client_imports_sending" ON "client_imports" ("started_at") WHERE "status" = 'sending';
--> statement-breakpoint
-- One row of the file: its line, its fields, and the problem found at upload (null: to invite) or
-- when its turn came (already invited meanwhile). processed_at: its invitation is queued (or it
-- was skipped) in the same transaction.
CREATE TABLE "client_import_rows" (
	"import_id" uuid NOT NULL REFERENCES "client_imports"("id") ON DELETE cascade,
	"line" integer NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"matter_ref" text,
	"note" text,
	"problem" text,
	"duplicate_of" integer,
	"processed_at" timestamp with time zone,
	PRIMARY KEY ("import_id", "line")
);
--> statement-breakpoint
CREATE INDEX "client_import_rows_todo" ON "client_import_rows" ("import_id", "line")
  WHERE "problem" IS NULL AND "processed_at" IS NULL;
--> statement-breakpoint
CREATE INDEX "client_import_rows_problems" ON "client_import_rows" ("import_id", "line")
  WHERE "problem" IS NOT NULL;
--> statement-breakpoint
-- Read by the firm's admins and staff (not assistants: importing invites people); written only by
-- the system after the API's access check, like invitations.
GRANT SELECT ON "client_imports", "client_import_rows" TO lv_app;
--> statement-breakpoint
ALTER TABLE "client_imports" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "client_import_rows" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY client_imports_firm ON "client_imports" FOR SELECT TO lv_app
  USING (firm_id = (SELECT app_editor_firm_id()));
--> statement-breakpoint
CREATE POLICY client_import_rows_firm ON "client_import_rows" FOR SELECT TO lv_app
  USING (EXISTS (SELECT 1 FROM client_imports i WHERE i.id = import_id AND i.firm_id = (SELECT app_editor_firm_id())));
