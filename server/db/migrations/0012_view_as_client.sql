-- View as Client (issue 3; docs/decisions/012-view-as-client.md): a firm user sees a summary of
-- one client's vault (counts, titles, types, dates, beneficiaries' names) and nothing else.
-- lv_app keeps no path into another user's vault (0007). A second role, lv_client_view, can read
-- only those columns, and only of the one client named in app.client_id, and only when the actor
-- (app.user_id) is an admin or staff member of that client's firm. Set by withClientView()
-- (server/db/actor.ts) after the API's own access check.
DO $$ BEGIN IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'lv_client_view') THEN CREATE ROLE lv_client_view NOLOGIN; END IF; EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL; END $$;
--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO lv_client_view;
--> statement-breakpoint
DO $$ BEGIN EXECUTE format('GRANT lv_client_view TO %I', current_user); EXCEPTION WHEN others THEN NULL; END $$;
--> statement-breakpoint
-- The client named in app.client_id, if the actor staffs that client's firm; otherwise NULL
-- (another firm's client, a firm user's id, a regular user as actor, no setting at all).
CREATE FUNCTION app_viewed_client_id() RETURNS text LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public
AS $$
  SELECT id FROM profiles
  WHERE id = nullif(current_setting('app.client_id', true), '') AND role = 'regular_user' AND firm_id = app_staff_firm_id()
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app_viewed_client_id() FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_viewed_client_id() TO lv_client_view;
--> statement-breakpoint
-- Column grants: no wrapped_key, encrypted_data or beneficiary_email on assets; no e-mail,
-- phone or notes on beneficiaries; nothing at all on asset_files, user_keys or any other table.
GRANT SELECT (id, user_id, type, title, updated_at) ON assets TO lv_client_view;
--> statement-breakpoint
CREATE POLICY assets_client_view ON assets FOR SELECT TO lv_client_view USING (user_id = (SELECT app_viewed_client_id()));
--> statement-breakpoint
GRANT SELECT (user_id, name, relationship) ON beneficiaries TO lv_client_view;
--> statement-breakpoint
CREATE POLICY beneficiaries_client_view ON beneficiaries FOR SELECT TO lv_client_view USING (user_id = (SELECT app_viewed_client_id()));
