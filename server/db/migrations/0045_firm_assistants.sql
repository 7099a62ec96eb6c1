-- Read-only assistants (issue 38, item 4; docs/decisions/084-read-only-assistants.md): a firm
-- member who sees what staff see (the client list, client profiles, the firm's reference and
-- notes, the release state) and writes nothing. app_staff_firm_id() is the firm whose clients the
-- actor may READ; app_editor_firm_id() the firm whose client records the actor may WRITE.
CREATE OR REPLACE FUNCTION app_staff_firm_id() RETURNS uuid LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public
AS $$ SELECT firm_id FROM profiles WHERE id = app_user_id() AND role IN ('firm_admin', 'firm_staff', 'firm_assistant') $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION app_editor_firm_id() RETURNS uuid LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public
AS $$ SELECT firm_id FROM profiles WHERE id = app_user_id() AND role IN ('firm_admin', 'firm_staff') $$;
--> statement-breakpoint
-- The firm's reference and notes: read by the client's firm (assistants too), written by its
-- admins and staff only.
DROP POLICY client_firm_details_firm ON "client_firm_details";
--> statement-breakpoint
CREATE POLICY client_firm_details_firm ON "client_firm_details" FOR ALL TO lv_app
  USING (
    firm_id = (SELECT app_staff_firm_id())
    AND EXISTS (SELECT 1 FROM profiles p WHERE p.id = client_id AND p.firm_id = client_firm_details.firm_id AND p.role = 'regular_user')
  )
  WITH CHECK (
    firm_id = (SELECT app_editor_firm_id())
    AND updated_by = (SELECT app_user_id())
    AND EXISTS (SELECT 1 FROM profiles p WHERE p.id = client_id AND p.firm_id = client_firm_details.firm_id AND p.role = 'regular_user')
  );
