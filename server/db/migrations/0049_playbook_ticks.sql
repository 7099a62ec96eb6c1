-- The owner's playbook checklist (docs/decisions/088): which platforms' own legacy tools the owner
-- has set up is information about them, so it is sealed in their browser; the server keeps the
-- ciphertext and, in clear, only how many platforms are ticked (plan health's count).
CREATE TABLE "playbook_ticks" (
	"owner_id" text PRIMARY KEY NOT NULL REFERENCES "user"("id") ON DELETE cascade,
	"ticks_key" bytea NOT NULL,
	"ticks" bytea NOT NULL,
	"ticked_count" integer NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "playbook_ticks_count" CHECK ("ticked_count" >= 0)
);
--> statement-breakpoint
-- The owner reads and writes their own row only, under RLS; nobody else (a firm, a beneficiary)
-- has a policy. Plan health reads the count as the system after its own access check.
GRANT SELECT, INSERT, UPDATE ON "playbook_ticks" TO lv_app;
--> statement-breakpoint
ALTER TABLE "playbook_ticks" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY playbook_ticks_owner ON "playbook_ticks" FOR ALL TO lv_app
  USING (owner_id = (SELECT app_user_id()))
  WITH CHECK (owner_id = (SELECT app_user_id()));
