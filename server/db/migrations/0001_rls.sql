-- Row-level security: the API's queries run as lv_app (not a superuser, not the owner),
-- with the acting user set per transaction in app.user_id (see server/db/actor.ts).
DO $$ BEGIN IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'lv_app') THEN CREATE ROLE lv_app NOLOGIN; END IF; EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL; END $$;
--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO lv_app;
--> statement-breakpoint
-- the connecting user (owner of the tables, bypassing RLS for system work) must be able to SET ROLE lv_app
DO $$ BEGIN EXECUTE format('GRANT lv_app TO %I', current_user); EXCEPTION WHEN others THEN NULL; END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION app_user_id() RETURNS text LANGUAGE sql STABLE
AS $$ SELECT nullif(current_setting('app.user_id', true), '') $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION app_member_firm_id() RETURNS uuid LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public
AS $$ SELECT firm_id FROM profiles WHERE id = app_user_id() $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION app_staff_firm_id() RETURNS uuid LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public
AS $$ SELECT firm_id FROM profiles WHERE id = app_user_id() AND role IN ('firm_admin', 'firm_staff') $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION app_admin_firm_id() RETURNS uuid LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public
AS $$ SELECT firm_id FROM profiles WHERE id = app_user_id() AND role = 'firm_admin' $$;
--> statement-breakpoint

-- profiles: a user reads and edits their own row; firm staff read the rows of their firm.
-- Role and firm are not writable by lv_app at all (column grants): they change only through
-- the system operations that the spec describes.
GRANT SELECT, INSERT ON profiles TO lv_app;
--> statement-breakpoint
GRANT UPDATE (name, phone, address) ON profiles TO lv_app;
--> statement-breakpoint
ALTER TABLE profiles ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY profiles_self_select ON profiles FOR SELECT TO lv_app USING (id = app_user_id());
--> statement-breakpoint
CREATE POLICY profiles_firm_select ON profiles FOR SELECT TO lv_app USING (firm_id IS NOT NULL AND firm_id = app_staff_firm_id());
--> statement-breakpoint
CREATE POLICY profiles_self_insert ON profiles FOR INSERT TO lv_app
  WITH CHECK (id = app_user_id() AND role = 'regular_user' AND firm_id IS NULL);
--> statement-breakpoint
CREATE POLICY profiles_self_update ON profiles FOR UPDATE TO lv_app USING (id = app_user_id()) WITH CHECK (id = app_user_id());
--> statement-breakpoint

-- firms: members read their own firm.
GRANT SELECT ON firms TO lv_app;
--> statement-breakpoint
ALTER TABLE firms ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY firms_member_select ON firms FOR SELECT TO lv_app USING (id = app_member_firm_id());
--> statement-breakpoint

-- firm_codes: only the firm's admins.
GRANT SELECT, INSERT ON firm_codes TO lv_app;
--> statement-breakpoint
GRANT UPDATE (is_active) ON firm_codes TO lv_app;
--> statement-breakpoint
ALTER TABLE firm_codes ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY firm_codes_admin ON firm_codes FOR ALL TO lv_app
  USING (firm_id = app_admin_firm_id()) WITH CHECK (firm_id = app_admin_firm_id());
--> statement-breakpoint

-- firm_users: a user sees their own memberships; staff see their firm's.
GRANT SELECT ON firm_users TO lv_app;
--> statement-breakpoint
ALTER TABLE firm_users ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY firm_users_select ON firm_users FOR SELECT TO lv_app
  USING (user_id = app_user_id() OR firm_id = app_staff_firm_id());
--> statement-breakpoint

-- invitations: the firm's staff read them.
GRANT SELECT ON invitations TO lv_app;
--> statement-breakpoint
ALTER TABLE invitations ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY invitations_staff_select ON invitations FOR SELECT TO lv_app USING (firm_id = app_staff_firm_id());
--> statement-breakpoint

-- audit_log: append-only for the app, and only in the actor's own name.
GRANT INSERT ON audit_log TO lv_app;
--> statement-breakpoint
GRANT USAGE ON SEQUENCE audit_log_id_seq TO lv_app;
--> statement-breakpoint
ALTER TABLE audit_log ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY audit_log_insert ON audit_log FOR INSERT TO lv_app WITH CHECK (actor_id = app_user_id());
