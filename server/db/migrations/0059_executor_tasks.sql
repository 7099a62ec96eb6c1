-- The executor's workspace after a release (docs/decisions/099). Tasks are generated in the
-- executor's browser from the estate entries and playbook platforms it can open; the server keeps
-- only the structure it needs to list, count and order them (source reference, action, status,
-- due date, assignee) and the note sealed in the browser under the estate's workspace key.
CREATE TABLE "executor_tasks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" text NOT NULL REFERENCES "user"("id") ON DELETE cascade,
	"source_kind" text NOT NULL,
	"source_id" text NOT NULL,
	"action" text NOT NULL,
	"status" text DEFAULT 'todo' NOT NULL,
	"due_date" date,
	"assignee_email" text,
	"note" bytea,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "executor_tasks_source_kind" CHECK ("source_kind" IN ('entry', 'playbook')),
	CONSTRAINT "executor_tasks_action" CHECK ("action" IN ('transfer', 'close', 'memorialise', 'delete', 'keep-paying', 'cancel', 'claim', 'review')),
	CONSTRAINT "executor_tasks_status" CHECK ("status" IN ('todo', 'in_progress', 'done', 'not_needed'))
);
--> statement-breakpoint
-- Generating twice (two executors, a reload) makes one task per source.
CREATE UNIQUE INDEX "executor_tasks_source_idx" ON "executor_tasks" ("owner_id", "source_kind", "source_id");
--> statement-breakpoint
-- The estate's workspace key, made by the first executor's browser and wrapped there under that
-- address's beneficiary key (GCM(BK_address, WK), the owner id as additional data): one row per
-- address that can open the notes and proofs.
CREATE TABLE "executor_workspace_keys" (
	"owner_id" text NOT NULL REFERENCES "user"("id") ON DELETE cascade,
	"email" text NOT NULL,
	"beneficiary_key_id" uuid NOT NULL,
	"wrapped_key" bytea NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "executor_workspace_keys_pk" PRIMARY KEY ("owner_id", "email")
);
--> statement-breakpoint
-- The timeline: who changed what on which task and when; structure only (never a note's content).
CREATE TABLE "executor_task_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"task_id" uuid NOT NULL REFERENCES "executor_tasks"("id") ON DELETE cascade,
	"owner_id" text NOT NULL REFERENCES "user"("id") ON DELETE cascade,
	"actor_email" text NOT NULL,
	"kind" text NOT NULL,
	"value" text,
	"at" timestamp with time zone NOT NULL,
	CONSTRAINT "executor_task_events_kind" CHECK ("kind" IN ('created', 'status', 'due_date', 'assignee', 'note', 'proof_added', 'proof_removed'))
);
--> statement-breakpoint
CREATE INDEX "executor_task_events_owner_idx" ON "executor_task_events" ("owner_id", "at");
--> statement-breakpoint
-- A task's proofs (a letter, a screenshot): ciphertext sealed in the browser under the workspace
-- key, stored in the file store under a name the server generates.
CREATE TABLE "executor_task_proofs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"task_id" uuid NOT NULL REFERENCES "executor_tasks"("id") ON DELETE cascade,
	"owner_id" text NOT NULL REFERENCES "user"("id") ON DELETE cascade,
	"data" bytea NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "executor_task_proofs_task_idx" ON "executor_task_proofs" ("task_id");
--> statement-breakpoint
-- The portal's people have no account: their routes check the proven address and the release
-- first, then run as the system (as the portal's other queries do). Under lv_app, the owner alone
-- may read the rows of their own estate; no firm, no other user has a policy.
GRANT SELECT ON "executor_tasks", "executor_workspace_keys", "executor_task_events", "executor_task_proofs" TO lv_app;
--> statement-breakpoint
ALTER TABLE "executor_tasks" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "executor_workspace_keys" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "executor_task_events" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "executor_task_proofs" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY executor_tasks_owner ON "executor_tasks" FOR SELECT TO lv_app
  USING (owner_id = (SELECT app_user_id()));
--> statement-breakpoint
CREATE POLICY executor_workspace_keys_owner ON "executor_workspace_keys" FOR SELECT TO lv_app
  USING (owner_id = (SELECT app_user_id()));
--> statement-breakpoint
CREATE POLICY executor_task_events_owner ON "executor_task_events" FOR SELECT TO lv_app
  USING (owner_id = (SELECT app_user_id()));
--> statement-breakpoint
CREATE POLICY executor_task_proofs_owner ON "executor_task_proofs" FOR SELECT TO lv_app
  USING (owner_id = (SELECT app_user_id()));
