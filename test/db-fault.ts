import type { TestContext } from "./harness.js";

/** A sealed title's bytes that PostgreSQL refuses once `injectDatabaseFault` ran. */
const FAIL_TITLE_BYTES = Buffer.concat([
  Buffer.alloc(12),
  Buffer.from("db-refuses-this-title"),
  Buffer.alloc(16),
]);

/**
 * A sealed title (base64, valid in shape) PostgreSQL refuses once `injectDatabaseFault` ran: an
 * unexpected database error after the request's own checks.
 */
export const FAIL_TITLE = FAIL_TITLE_BYTES.toString("base64");

/** Adds a trigger to the test database that raises on an asset whose sealed title is FAIL_TITLE. */
export async function injectDatabaseFault(ctx: TestContext) {
  await ctx.services.deps.db.execute(
    `create or replace function test_refuse_title() returns trigger language plpgsql as $$ begin
       if new.encrypted_title = decode('${FAIL_TITLE_BYTES.toString("hex")}', 'hex') then raise exception 'injected fault'; end if; return new; end $$`,
  );
  await ctx.services.deps.db.execute(
    `create trigger test_refuse_title before insert or update on assets for each row execute function test_refuse_title()`,
  );
}
