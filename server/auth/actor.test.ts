import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildFirm } from "../../test/factories/firm.js";
import { buildInvitedMember } from "../../test/factories/people.js";
import { buildUser, createTestContext, rowsOf, type TestContext } from "../../test/harness.js";

/**
 * requireActor takes the actor's role and firm from the session's user row, a copy of the profile's
 * that PostgreSQL keeps (migration 0016, docs/decisions/016-actor-in-session.md). A stale copy would
 * let a removed member in, or keep a promoted one out: every change must show on the next request.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe("the actor's role and firm come with the session", () => {
  it("a promotion, a removal and joining a firm count from the very next request of the same session", async () => {
    const { admin } = await buildFirm(ctx);
    const staff = await buildInvitedMember(ctx, admin, "firm_staff");
    expect((await staff.client.request("GET", "/api/clients")).status).toBe(200);
    expect((await staff.client.request("GET", "/api/staff")).status).not.toBe(200);

    expect(
      (await admin.request("PATCH", `/api/staff/${staff.id}`, { role: "firm_admin" })).status,
    ).toBe(200);
    expect((await staff.client.request("GET", "/api/staff")).status).toBe(200);

    expect((await admin.request("DELETE", `/api/staff/${staff.id}`)).status).toBe(200);
    expect((await staff.client.request("GET", "/api/staff")).status).not.toBe(200);
    expect((await staff.client.request("GET", "/api/clients")).status).not.toBe(200);
    expect((await staff.client.request("GET", "/api/assets")).status).toBe(200); // now a regular user with a vault

    const client = await buildInvitedMember(ctx, admin, "regular_user");
    expect((await client.client.request("GET", "/api/clients")).status).not.toBe(200);
  });

  it("every user row's copy equals its profile, and a user whose profile is gone is refused (404)", async () => {
    const { admin } = await buildFirm(ctx);
    await buildInvitedMember(ctx, admin, "firm_staff");
    await buildUser(ctx);
    const differ = rowsOf<{ id: string }>(
      await ctx.services.deps.db.execute(
        sql`select u.id from "user" u left join profiles p on p.id = u.id where u.role is distinct from p.role or u.firm_id is distinct from p.firm_id`,
      ),
    );
    expect(differ).toEqual([]);

    const orphan = await buildUser(ctx);
    await ctx.services.deps.db.execute(sql`delete from profiles where id = ${orphan.id}`);
    expect((await orphan.client.request("GET", "/api/assets")).status).toBe(404);
  });
});
