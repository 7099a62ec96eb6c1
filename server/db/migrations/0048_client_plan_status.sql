-- Plan completeness across the practice (issue 38, item 2; docs/decisions/087-plan-status.md).
-- app_plan_facts(owner) is the one definition of a plan's yes/no facts: the owner's plan-health
-- list (server/plan-health/queries.ts) reads it, and client_plan_status keeps one row of it per
-- client, refreshed by triggers on every table a fact depends on, so a firm's 100,000 clients
-- sort and filter through an index instead of computing every plan on each request.
-- app_plan_facts counts an owner's verifiers: the partial indexes of migration 0043 do not serve
-- that, and without this index every client's facts scanned the whole verifiers table.
CREATE INDEX "verifiers_owner_idx" ON "verifiers" ("owner_id");
--> statement-breakpoint
CREATE FUNCTION app_plan_facts(owner text)
RETURNS TABLE (
  has_release_plan boolean,
  last_check_in_at timestamptz,
  has_beneficiaries boolean,
  verifier_count int,
  accepted_verifier_count int,
  threshold int,
  keys_not_handed_over int,
  has_recovery_kit boolean,
  is_recovery_kit_missing boolean
)
LANGUAGE sql STABLE SET search_path = public AS $$
  SELECT
    EXISTS (SELECT 1 FROM release_plans p WHERE p.user_id = owner AND p.inactivity_months IS NOT NULL),
    (SELECT p.last_check_in_at FROM release_plans p WHERE p.user_id = owner),
    EXISTS (SELECT 1 FROM beneficiaries b WHERE b.user_id = owner)
      OR EXISTS (SELECT 1 FROM asset_beneficiaries ab WHERE ab.user_id = owner),
    (SELECT count(*)::int FROM verifiers v WHERE v.owner_id = owner AND v.status <> 'declined'),
    (SELECT count(*)::int FROM verifiers v WHERE v.owner_id = owner AND v.status = 'accepted'),
    coalesce((SELECT t.threshold FROM verifier_thresholds t WHERE t.owner_id = owner), 1),
    (SELECT count(*)::int FROM (
      SELECT k.email FROM beneficiary_keys k
        WHERE k.user_id = owner AND k.handed_over_at IS NULL AND k.escrow_share IS NULL
      UNION
      SELECT ab.email FROM asset_beneficiaries ab
        WHERE ab.user_id = owner
          AND NOT EXISTS (SELECT 1 FROM beneficiary_keys k WHERE k.user_id = ab.user_id AND k.email = ab.email)
    ) pending),
    coalesce((SELECT k.recovery_wrapped_key IS NOT NULL FROM user_keys k WHERE k.user_id = owner), false),
    coalesce((SELECT k.kdf_salt IS NOT NULL AND k.recovery_wrapped_key IS NULL
      FROM user_keys k WHERE k.user_id = owner), false)
$$;
--> statement-breakpoint
-- One row per profile; firm_id is set only while the profile is a client (regular_user) of a firm,
-- so staff and clients without a firm are in no firm's list. Yes/no and a date: no title, no content.
CREATE TABLE "client_plan_status" (
  "client_id" text PRIMARY KEY REFERENCES "profiles"("id") ON DELETE CASCADE,
  "firm_id" uuid REFERENCES "firms"("id") ON DELETE SET NULL,
  "sort_name" text NOT NULL,
  "has_release_plan" boolean NOT NULL,
  "has_beneficiaries" boolean NOT NULL,
  "are_keys_handed_over" boolean NOT NULL,
  "are_verifiers_accepted" boolean NOT NULL,
  "has_recovery_kit" boolean NOT NULL,
  "last_check_in_at" timestamptz,
  "score" smallint NOT NULL
);
--> statement-breakpoint
-- Each sort order of a firm's list, with the id as its tie-breaker (keyset pages), once for the
-- whole list and once per filter as a partial index holding only the rows the filter keeps: a
-- page of any sort and filter is the next 51 entries of one index, however few rows match (a
-- filter matching 1% of 100,000 clients reads 51 entries, not 5,000). The filters' predicates are
-- written exactly as server/plan-status/queries.ts writes them, so the planner matches them.
CREATE INDEX "client_plan_status_score_idx" ON "client_plan_status" ("firm_id", "score", "client_id") WHERE "firm_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "client_plan_status_name_idx" ON "client_plan_status" ("firm_id", "sort_name", "client_id") WHERE "firm_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "client_plan_status_check_in_idx" ON "client_plan_status" ("firm_id", (coalesce("last_check_in_at", 'epoch'::timestamptz)), "client_id") WHERE "firm_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "client_plan_status_incomplete_score_idx" ON "client_plan_status" ("firm_id", "score", "client_id") WHERE "firm_id" IS NOT NULL AND "score" < 100;
--> statement-breakpoint
CREATE INDEX "client_plan_status_incomplete_name_idx" ON "client_plan_status" ("firm_id", "sort_name", "client_id") WHERE "firm_id" IS NOT NULL AND "score" < 100;
--> statement-breakpoint
CREATE INDEX "client_plan_status_incomplete_check_in_idx" ON "client_plan_status" ("firm_id", (coalesce("last_check_in_at", 'epoch'::timestamptz)), "client_id") WHERE "firm_id" IS NOT NULL AND "score" < 100;
--> statement-breakpoint
CREATE INDEX "client_plan_status_complete_score_idx" ON "client_plan_status" ("firm_id", "score", "client_id") WHERE "firm_id" IS NOT NULL AND "score" = 100;
--> statement-breakpoint
CREATE INDEX "client_plan_status_complete_name_idx" ON "client_plan_status" ("firm_id", "sort_name", "client_id") WHERE "firm_id" IS NOT NULL AND "score" = 100;
--> statement-breakpoint
CREATE INDEX "client_plan_status_complete_check_in_idx" ON "client_plan_status" ("firm_id", (coalesce("last_check_in_at", 'epoch'::timestamptz)), "client_id") WHERE "firm_id" IS NOT NULL AND "score" = 100;
--> statement-breakpoint
CREATE INDEX "client_plan_status_no_release_plan_score_idx" ON "client_plan_status" ("firm_id", "score", "client_id") WHERE "firm_id" IS NOT NULL AND NOT "has_release_plan";
--> statement-breakpoint
CREATE INDEX "client_plan_status_no_release_plan_name_idx" ON "client_plan_status" ("firm_id", "sort_name", "client_id") WHERE "firm_id" IS NOT NULL AND NOT "has_release_plan";
--> statement-breakpoint
CREATE INDEX "client_plan_status_no_release_plan_check_in_idx" ON "client_plan_status" ("firm_id", (coalesce("last_check_in_at", 'epoch'::timestamptz)), "client_id") WHERE "firm_id" IS NOT NULL AND NOT "has_release_plan";
--> statement-breakpoint
CREATE INDEX "client_plan_status_no_beneficiaries_score_idx" ON "client_plan_status" ("firm_id", "score", "client_id") WHERE "firm_id" IS NOT NULL AND NOT "has_beneficiaries";
--> statement-breakpoint
CREATE INDEX "client_plan_status_no_beneficiaries_name_idx" ON "client_plan_status" ("firm_id", "sort_name", "client_id") WHERE "firm_id" IS NOT NULL AND NOT "has_beneficiaries";
--> statement-breakpoint
CREATE INDEX "client_plan_status_no_beneficiaries_check_in_idx" ON "client_plan_status" ("firm_id", (coalesce("last_check_in_at", 'epoch'::timestamptz)), "client_id") WHERE "firm_id" IS NOT NULL AND NOT "has_beneficiaries";
--> statement-breakpoint
CREATE INDEX "client_plan_status_keys_not_handed_over_score_idx" ON "client_plan_status" ("firm_id", "score", "client_id") WHERE "firm_id" IS NOT NULL AND NOT "are_keys_handed_over";
--> statement-breakpoint
CREATE INDEX "client_plan_status_keys_not_handed_over_name_idx" ON "client_plan_status" ("firm_id", "sort_name", "client_id") WHERE "firm_id" IS NOT NULL AND NOT "are_keys_handed_over";
--> statement-breakpoint
CREATE INDEX "client_plan_status_keys_not_handed_over_check_in_idx" ON "client_plan_status" ("firm_id", (coalesce("last_check_in_at", 'epoch'::timestamptz)), "client_id") WHERE "firm_id" IS NOT NULL AND NOT "are_keys_handed_over";
--> statement-breakpoint
CREATE INDEX "client_plan_status_verifiers_not_accepted_score_idx" ON "client_plan_status" ("firm_id", "score", "client_id") WHERE "firm_id" IS NOT NULL AND NOT "are_verifiers_accepted";
--> statement-breakpoint
CREATE INDEX "client_plan_status_verifiers_not_accepted_name_idx" ON "client_plan_status" ("firm_id", "sort_name", "client_id") WHERE "firm_id" IS NOT NULL AND NOT "are_verifiers_accepted";
--> statement-breakpoint
CREATE INDEX "client_plan_status_verifiers_not_accepted_check_in_idx" ON "client_plan_status" ("firm_id", (coalesce("last_check_in_at", 'epoch'::timestamptz)), "client_id") WHERE "firm_id" IS NOT NULL AND NOT "are_verifiers_accepted";
--> statement-breakpoint
CREATE INDEX "client_plan_status_no_recovery_kit_score_idx" ON "client_plan_status" ("firm_id", "score", "client_id") WHERE "firm_id" IS NOT NULL AND NOT "has_recovery_kit";
--> statement-breakpoint
CREATE INDEX "client_plan_status_no_recovery_kit_name_idx" ON "client_plan_status" ("firm_id", "sort_name", "client_id") WHERE "firm_id" IS NOT NULL AND NOT "has_recovery_kit";
--> statement-breakpoint
CREATE INDEX "client_plan_status_no_recovery_kit_check_in_idx" ON "client_plan_status" ("firm_id", (coalesce("last_check_in_at", 'epoch'::timestamptz)), "client_id") WHERE "firm_id" IS NOT NULL AND NOT "has_recovery_kit";
--> statement-breakpoint
-- Recomputes one profile's row from app_plan_facts. Keys count as handed over only when someone
-- is named and no hand-over key is pending; verifiers as accepted when at least k have accepted.
-- The score is the share of the five checks met, in steps of 20.
CREATE FUNCTION app_refresh_plan_status(owner text) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  INSERT INTO client_plan_status AS s (client_id, firm_id, sort_name, has_release_plan,
    has_beneficiaries, are_keys_handed_over, are_verifiers_accepted, has_recovery_kit,
    last_check_in_at, score)
  SELECT c.id, c.firm_id, c.sort_name, c.plan, c.named, c.keys, c.verified, c.kit, c.check_in,
    (20 * (c.plan::int + c.named::int + c.keys::int + c.verified::int + c.kit::int))::smallint
  FROM (
    SELECT p.id,
      CASE WHEN p.role = 'regular_user' THEN p.firm_id END AS firm_id,
      lower(p.name) AS sort_name,
      f.has_release_plan AS plan,
      f.has_beneficiaries AS named,
      f.has_beneficiaries AND f.keys_not_handed_over = 0 AS keys,
      f.verifier_count > 0 AND f.accepted_verifier_count >= f.threshold AS verified,
      f.has_recovery_kit AS kit,
      f.last_check_in_at AS check_in
    FROM profiles p, app_plan_facts(p.id) f
    WHERE p.id = owner
  ) c
  ON CONFLICT (client_id) DO UPDATE SET
    firm_id = excluded.firm_id, sort_name = excluded.sort_name,
    has_release_plan = excluded.has_release_plan, has_beneficiaries = excluded.has_beneficiaries,
    are_keys_handed_over = excluded.are_keys_handed_over,
    are_verifiers_accepted = excluded.are_verifiers_accepted,
    has_recovery_kit = excluded.has_recovery_kit, last_check_in_at = excluded.last_check_in_at,
    score = excluded.score;
END $$;
--> statement-breakpoint
-- The trigger: the owner's id is the column its first argument names, in the new row, the old
-- row, or both when an update moved a row from one owner to another.
CREATE FUNCTION app_plan_status_touch() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
  old_owner text;
  new_owner text;
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN old_owner := to_jsonb(OLD) ->> TG_ARGV[0]; END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN new_owner := to_jsonb(NEW) ->> TG_ARGV[0]; END IF;
  IF new_owner IS NOT NULL THEN PERFORM app_refresh_plan_status(new_owner); END IF;
  IF old_owner IS NOT NULL AND old_owner IS DISTINCT FROM new_owner THEN
    PERFORM app_refresh_plan_status(old_owner);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER plan_status_profiles AFTER INSERT OR UPDATE OF name, role, firm_id ON profiles
  FOR EACH ROW EXECUTE FUNCTION app_plan_status_touch('id');
--> statement-breakpoint
CREATE TRIGGER plan_status_release_plans AFTER INSERT OR UPDATE OR DELETE ON release_plans
  FOR EACH ROW EXECUTE FUNCTION app_plan_status_touch('user_id');
--> statement-breakpoint
CREATE TRIGGER plan_status_beneficiaries AFTER INSERT OR UPDATE OR DELETE ON beneficiaries
  FOR EACH ROW EXECUTE FUNCTION app_plan_status_touch('user_id');
--> statement-breakpoint
CREATE TRIGGER plan_status_asset_beneficiaries AFTER INSERT OR UPDATE OR DELETE ON asset_beneficiaries
  FOR EACH ROW EXECUTE FUNCTION app_plan_status_touch('user_id');
--> statement-breakpoint
CREATE TRIGGER plan_status_beneficiary_keys AFTER INSERT OR UPDATE OR DELETE ON beneficiary_keys
  FOR EACH ROW EXECUTE FUNCTION app_plan_status_touch('user_id');
--> statement-breakpoint
CREATE TRIGGER plan_status_user_keys AFTER INSERT OR UPDATE OR DELETE ON user_keys
  FOR EACH ROW EXECUTE FUNCTION app_plan_status_touch('user_id');
--> statement-breakpoint
CREATE TRIGGER plan_status_verifiers AFTER INSERT OR UPDATE OR DELETE ON verifiers
  FOR EACH ROW EXECUTE FUNCTION app_plan_status_touch('owner_id');
--> statement-breakpoint
CREATE TRIGGER plan_status_verifier_thresholds AFTER INSERT OR UPDATE OR DELETE ON verifier_thresholds
  FOR EACH ROW EXECUTE FUNCTION app_plan_status_touch('owner_id');
--> statement-breakpoint
SELECT app_refresh_plan_status(p.id) FROM profiles p;
--> statement-breakpoint
-- Read by the staff of the client's current firm (admins, staff, assistants); written only by the
-- triggers above (SECURITY DEFINER): lv_app may not write it.
GRANT SELECT ON "client_plan_status" TO lv_app;
--> statement-breakpoint
ALTER TABLE "client_plan_status" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY client_plan_status_firm ON "client_plan_status" FOR SELECT TO lv_app
  USING (firm_id IS NOT NULL AND firm_id = (SELECT app_staff_firm_id()));
--> statement-breakpoint
-- Only the triggers (as the owner) and the system recompute or read facts; lv_app calls neither.
REVOKE ALL ON FUNCTION app_refresh_plan_status(text) FROM PUBLIC;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app_plan_facts(text) FROM PUBLIC;
