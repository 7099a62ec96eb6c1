-- /clients deep pages with 100,000 clients (issue 13, decision 033).
-- A page far from both ends of the list and from any cursor (a typed ?page=5000) steps over its
-- OFFSET rows along the sort order's index. Under row-level security the planner estimates the
-- profiles policies (an OR) to keep half the firm's rows, so for an OFFSET near that estimate it
-- reads the whole table and sorts it (80 ms on PostgreSQL for 100,000 clients) instead of an
-- index-only scan (12 ms). This function finds the page's ids with the owner's rights, limited to
-- the clients of the firm the actor staffs (what profiles_firm_select shows them; nothing for
-- anyone else), like app_client_search_ids (0011). Callers read the rows themselves under RLS.
CREATE FUNCTION app_client_page_ids(by_name boolean, is_ascending boolean, skip integer, take integer)
RETURNS SETOF text
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public
AS $$
DECLARE
  firm uuid := app_staff_firm_id();
  dir text := CASE WHEN is_ascending THEN 'asc' ELSE 'desc' END;
BEGIN
  IF firm IS NULL THEN
    RETURN;
  END IF;
  RETURN QUERY EXECUTE format(
    'SELECT id FROM profiles WHERE firm_id = $1 AND role = ''regular_user'' ORDER BY %s %s, id %s OFFSET $2 LIMIT $3',
    CASE WHEN by_name THEN 'lower(name)' ELSE 'created_at' END, dir, dir)
    USING firm, greatest(skip, 0), least(greatest(take, 0), 100);
END $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app_client_page_ids(boolean, boolean, integer, integer) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_client_page_ids(boolean, boolean, integer, integer) TO lv_app;
