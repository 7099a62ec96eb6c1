-- The activity timeline (issue 15, point 8; docs/decisions/040-activity-timeline.md). Each audit
-- row names whose timeline it belongs to: owner_id, the account or vault it is about (the owner's
-- GET /api/activity), and firm_id, the firm it is about (the firm admin's GET /api/firm/activity).
-- Set when the row is written (server/audit/record.ts); a row may belong to both (a firm admin's
-- view of a client's vault, an attestation) or to neither (refusals, failed sign-ins).
ALTER TABLE "audit_log" ADD COLUMN "owner_id" text;
--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "firm_id" uuid;
--> statement-breakpoint
CREATE INDEX "audit_log_owner_timeline_idx" ON "audit_log" ("owner_id", "at" DESC, "id" DESC) WHERE "owner_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "audit_log_firm_timeline_idx" ON "audit_log" ("firm_id", "at" DESC, "id" DESC) WHERE "firm_id" IS NOT NULL;
--> statement-breakpoint
-- Rows written before this migration: the same rules as server/audit/record.ts's callers.
UPDATE "audit_log" SET "owner_id" = "actor_id"
 WHERE "actor_id" IS NOT NULL AND "action" IN ('auth.session_created', 'auth.code_failed',
   'auth.session_revoked', 'auth.other_sessions_revoked', 'vault.key_fetched',
   'keys.beneficiary_key_created', 'keys.access_key_handed_over', 'keys.escrow_chosen',
   'firm.joined', 'invitation.accepted');
--> statement-breakpoint
UPDATE "audit_log" SET "owner_id" = "subject_id"
 WHERE "subject_type" = 'release'
    OR "action" IN ('impersonation.started', 'impersonation.ended', 'client_dashboard.viewed',
      'staff.role_changed', 'staff.removed');
--> statement-breakpoint
UPDATE "audit_log" SET "firm_id" = "subject_id"::uuid
 WHERE "subject_type" = 'firm' AND "action" <> 'access.denied'
   AND "subject_id" ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';
--> statement-breakpoint
UPDATE "audit_log" a SET "firm_id" = c."firm_id" FROM "firm_codes" c
 WHERE a."subject_type" = 'firm_code' AND a."subject_id" = c."id"::text;
--> statement-breakpoint
UPDATE "audit_log" a SET "firm_id" = i."firm_id" FROM "invitations" i
 WHERE a."subject_type" = 'invitation' AND a."subject_id" = i."id"::text;
--> statement-breakpoint
UPDATE "audit_log" a SET "firm_id" = p."firm_id" FROM "profiles" p
 WHERE a."action" IN ('impersonation.started', 'impersonation.ended', 'client_dashboard.viewed',
   'staff.role_changed', 'staff.removed') AND p."id" = a."actor_id";
--> statement-breakpoint
UPDATE "audit_log" a SET "firm_id" = r."firm_id" FROM "releases" r
 WHERE a."action" = 'release.started' AND r."user_id" = a."subject_id"
   AND r."attested_by" = a."actor_id" AND r."firm_id" IS NOT NULL;
--> statement-breakpoint
-- Reading: the owner reads the rows about them; a firm admin reads the rows about their firm.
-- Never the address (ip) nor the dedup key; staff and other accounts read nothing.
GRANT SELECT ("id", "at", "actor_id", "action", "subject_type", "subject_id", "details", "owner_id", "firm_id") ON "audit_log" TO lv_app;
--> statement-breakpoint
CREATE POLICY audit_log_timeline_select ON "audit_log" FOR SELECT TO lv_app
  USING ("owner_id" = (SELECT app_user_id()) OR "firm_id" = (SELECT app_admin_firm_id()));
--> statement-breakpoint
-- Writing in the actor's own name, as before, and now only into timelines the actor may write to:
-- their own, a client of the firm they staff (a view as client), their own firm's.
DROP POLICY audit_log_insert ON "audit_log";
--> statement-breakpoint
CREATE POLICY audit_log_insert ON "audit_log" FOR INSERT TO lv_app WITH CHECK (
  "actor_id" = (SELECT app_user_id())
  AND ("owner_id" IS NULL OR "owner_id" = (SELECT app_user_id())
    OR EXISTS (SELECT 1 FROM "profiles" p WHERE p."id" = "owner_id" AND p."role" = 'regular_user'
      AND p."firm_id" = (SELECT app_staff_firm_id())))
  AND ("firm_id" IS NULL OR "firm_id" = (SELECT app_member_firm_id()))
);
