-- Release (issue 5): the owner reads their plan and releases; the client's firm (staff and admins)
-- reads the client's releases. Every write is a system operation after the API's access check
-- (server/release/service.ts): no INSERT/UPDATE/DELETE grant to lv_app on these tables.
GRANT SELECT ON release_plans TO lv_app;
--> statement-breakpoint
ALTER TABLE release_plans ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY release_plans_owner_or_firm ON release_plans FOR SELECT TO lv_app USING (
  user_id = (SELECT app_user_id())
  OR EXISTS (SELECT 1 FROM profiles p WHERE p.id = user_id AND p.role = 'regular_user' AND p.firm_id = (SELECT app_staff_firm_id()))
);
--> statement-breakpoint
GRANT SELECT ON releases TO lv_app;
--> statement-breakpoint
ALTER TABLE releases ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY releases_owner_or_firm ON releases FOR SELECT TO lv_app USING (
  user_id = (SELECT app_user_id())
  OR EXISTS (SELECT 1 FROM profiles p WHERE p.id = user_id AND p.role = 'regular_user' AND p.firm_id = (SELECT app_staff_firm_id()))
);
--> statement-breakpoint

-- System tables: row-level security on, no policy and no grant, so lv_app reads and writes none of them.
-- release_items is the only grant of a content key; release_documents holds sealed evidence;
-- the links, codes and sessions hold hashes of bearer secrets; timers are the scheduler's.
ALTER TABLE release_items ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE release_documents ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE release_links ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE timers ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE legacy_codes ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE legacy_sessions ENABLE ROW LEVEL SECURITY;
