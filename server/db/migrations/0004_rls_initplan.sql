-- Policies call the actor functions through a scalar subquery, so PostgreSQL evaluates them
-- once per statement (an InitPlan) instead of once per row: a firm with 100,000 clients
-- otherwise pays 100,000 function calls per list request.
DROP POLICY profiles_self_select ON profiles;
--> statement-breakpoint
CREATE POLICY profiles_self_select ON profiles FOR SELECT TO lv_app USING (id = (SELECT app_user_id()));
--> statement-breakpoint
DROP POLICY profiles_firm_select ON profiles;
--> statement-breakpoint
CREATE POLICY profiles_firm_select ON profiles FOR SELECT TO lv_app USING (firm_id = (SELECT app_staff_firm_id()));
--> statement-breakpoint
DROP POLICY profiles_self_insert ON profiles;
--> statement-breakpoint
CREATE POLICY profiles_self_insert ON profiles FOR INSERT TO lv_app
  WITH CHECK (id = (SELECT app_user_id()) AND role = 'regular_user' AND firm_id IS NULL);
--> statement-breakpoint
DROP POLICY profiles_self_update ON profiles;
--> statement-breakpoint
CREATE POLICY profiles_self_update ON profiles FOR UPDATE TO lv_app USING (id = (SELECT app_user_id())) WITH CHECK (id = (SELECT app_user_id()));
--> statement-breakpoint
DROP POLICY firms_member_select ON firms;
--> statement-breakpoint
CREATE POLICY firms_member_select ON firms FOR SELECT TO lv_app USING (id = (SELECT app_member_firm_id()));
--> statement-breakpoint
DROP POLICY firm_codes_admin ON firm_codes;
--> statement-breakpoint
CREATE POLICY firm_codes_admin ON firm_codes FOR ALL TO lv_app
  USING (firm_id = (SELECT app_admin_firm_id())) WITH CHECK (firm_id = (SELECT app_admin_firm_id()));
--> statement-breakpoint
DROP POLICY firm_users_select ON firm_users;
--> statement-breakpoint
CREATE POLICY firm_users_select ON firm_users FOR SELECT TO lv_app
  USING (user_id = (SELECT app_user_id()) OR firm_id = (SELECT app_staff_firm_id()));
--> statement-breakpoint
DROP POLICY invitations_staff_select ON invitations;
--> statement-breakpoint
CREATE POLICY invitations_staff_select ON invitations FOR SELECT TO lv_app USING (firm_id = (SELECT app_staff_firm_id()));
--> statement-breakpoint
DROP POLICY audit_log_insert ON audit_log;
--> statement-breakpoint
CREATE POLICY audit_log_insert ON audit_log FOR INSERT TO lv_app WITH CHECK (actor_id = (SELECT app_user_id()));
--> statement-breakpoint
CREATE INDEX profiles_firm_role_name_idx ON profiles (firm_id, role, lower(name), id);
