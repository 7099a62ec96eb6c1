import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, rowsOf, type TestContext } from "../../test/harness.js";
import { JOBS } from "./scheduler.js";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const lastVacuum = async () =>
  rowsOf<{ at: string | null; analyzed: string | null }>(
    await ctx.services.deps.db.execute(
      sql`select last_vacuum::text as at, last_analyze::text as analyzed from pg_stat_user_tables where relname = 'profiles'`,
    ),
  )[0];

describe("vacuum and analyze job (decision 033)", () => {
  it("vacuums and analyzes PGlite, which has no autovacuum; leaves PostgreSQL to its own", async () => {
    const job = JOBS.find((j) => j.name === "vacuum and analyze");
    expect(job).toBeDefined();
    const before = await lastVacuum();
    await job?.run(ctx.services.deps);
    const after = await lastVacuum();
    if (ctx.services.deps.database.kind === "pglite") {
      expect(after?.at).not.toBeNull();
      expect(after?.analyzed).not.toBeNull();
      expect(after?.at).not.toBe(before?.at);
    } else {
      expect(after?.at).toBe(before?.at);
    }
  });
});
