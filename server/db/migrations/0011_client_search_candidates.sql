-- /clients search with 100,000 clients (issue 3); 0013 moves it onto a stored search text.
-- Under row-level security a LIKE cannot use the trigram index: LIKE is not leakproof, so
-- PostgreSQL must apply the policies to every row first, and a search scans the whole firm.
-- This function finds candidates with the owner's rights, limited to exactly the rows
-- profiles_firm_select shows the actor (clients of the firm they staff; nothing for anyone
-- else), and at most max_rows of them. Callers read the rows themselves through RLS; the
-- candidates only narrow the search (server/clients/queries.ts).
-- The path is chosen here, not left to statistics (PGlite never runs ANALYZE on its own, and
-- without statistics the planner walks the firm's whole btree for a rare e-mail): a pattern
-- with three letters or digits in a row has trigrams, so a firm of more than 2,000 clients is
-- searched through the trigram index (or a scan, for a pattern most rows match); a short
-- pattern, or a small firm, along the firm's own rows. EXECUTE plans each call with the
-- actual values.
CREATE FUNCTION app_client_search_ids(pattern text, max_rows integer) RETURNS SETOF text
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public
AS $$
DECLARE
  firm uuid := app_staff_firm_id();
BEGIN
  IF pattern ~ '[[:alnum:]]{3}' AND (SELECT client_count FROM firms WHERE id = firm) > 2000 THEN
    RETURN QUERY EXECUTE
      'SELECT id FROM (SELECT id, firm_id, role FROM profiles WHERE (lower(name) || '' '' || email) LIKE $2 OFFSET 0) m'
      ' WHERE firm_id = $1 AND role = ''regular_user'' LIMIT $3'
      USING firm, pattern, max_rows;
  ELSE
    RETURN QUERY EXECUTE
      'SELECT id FROM profiles WHERE firm_id = $1 AND role = ''regular_user'' AND (lower(name) || '' '' || email) LIKE $2 LIMIT $3'
      USING firm, pattern, max_rows;
  END IF;
END $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app_client_search_ids(text, integer) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_client_search_ids(text, integer) TO lv_app;
