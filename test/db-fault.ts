import type { TestContext } from "./harness.js";

/** A title PostgreSQL refuses once `injectDatabaseFault` ran: an unexpected database error after the request's own checks. */
export const FAIL_TITLE = "db-refuses-this-title";

/** Adds a trigger to the test database that raises on an asset titled FAIL_TITLE. */
export async function injectDatabaseFault(ctx: TestContext) {
  await ctx.services.deps.db.execute(
    `create or replace function test_refuse_title() returns trigger language plpgsql as $$ begin
       if new.title = '${FAIL_TITLE}' then raise exception 'injected fault'; end if; return new; end $$`,
  );
  await ctx.services.deps.db.execute(
    `create trigger test_refuse_title before insert or update on assets for each row execute function test_refuse_title()`,
  );
}
