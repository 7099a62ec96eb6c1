-- The vault is the owner's alone: no firm role reaches it (SECURITY.md, Access). Policies call
-- app_user_id() through a scalar subquery (an InitPlan, once per statement; see 0004).

-- user_keys: lv_app reads its own wrapped data key and nothing else. Keys are written by the
-- server as the system (server/vault/service.ts): nothing running as the app role can replace or
-- delete a user's data key, which would make their whole vault unreadable.
GRANT SELECT ON user_keys TO lv_app;
--> statement-breakpoint
ALTER TABLE user_keys ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY user_keys_owner_select ON user_keys FOR SELECT TO lv_app USING (user_id = (SELECT app_user_id()));
--> statement-breakpoint

-- assets: the owner reads, creates, edits and deletes their own. The release fields are written
-- only by the release (a system operation): no UPDATE grant on them, and an insert must leave them unset.
GRANT SELECT, INSERT, DELETE ON assets TO lv_app;
--> statement-breakpoint
GRANT UPDATE (title, beneficiary_email, wrapped_key, encrypted_data, updated_at) ON assets TO lv_app;
--> statement-breakpoint
ALTER TABLE assets ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY assets_owner_select ON assets FOR SELECT TO lv_app USING (user_id = (SELECT app_user_id()));
--> statement-breakpoint
CREATE POLICY assets_owner_insert ON assets FOR INSERT TO lv_app
  WITH CHECK (user_id = (SELECT app_user_id()) AND release_triggered = false AND released_at IS NULL);
--> statement-breakpoint
CREATE POLICY assets_owner_update ON assets FOR UPDATE TO lv_app USING (user_id = (SELECT app_user_id())) WITH CHECK (user_id = (SELECT app_user_id()));
--> statement-breakpoint
CREATE POLICY assets_owner_delete ON assets FOR DELETE TO lv_app USING (user_id = (SELECT app_user_id()));
--> statement-breakpoint

-- asset_files: through their asset (whose own policy applies inside the subquery too).
GRANT SELECT, INSERT, DELETE ON asset_files TO lv_app;
--> statement-breakpoint
GRANT UPDATE (content_type, size, data, created_at) ON asset_files TO lv_app;
--> statement-breakpoint
ALTER TABLE asset_files ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY asset_files_owner ON asset_files FOR ALL TO lv_app
  USING (EXISTS (SELECT 1 FROM assets a WHERE a.id = asset_id AND a.user_id = (SELECT app_user_id())))
  WITH CHECK (EXISTS (SELECT 1 FROM assets a WHERE a.id = asset_id AND a.user_id = (SELECT app_user_id())));
--> statement-breakpoint

-- beneficiaries: the owner's address book.
GRANT SELECT, INSERT, DELETE ON beneficiaries TO lv_app;
--> statement-breakpoint
GRANT UPDATE (name, email, phone, relationship, notes) ON beneficiaries TO lv_app;
--> statement-breakpoint
ALTER TABLE beneficiaries ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY beneficiaries_owner ON beneficiaries FOR ALL TO lv_app
  USING (user_id = (SELECT app_user_id())) WITH CHECK (user_id = (SELECT app_user_id()));
