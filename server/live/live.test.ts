import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LIVE_EVENT } from "../../common/live.js";
import { buildFirm } from "../../test/factories/firm.js";
import { buildUser, createTestContext, uniqueEmail, type TestContext } from "../../test/harness.js";
import { openStream } from "../../test/live-stream.js";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe("live screens: GET /api/live (issue 16 point 9, decision 051)", () => {
  it("needs a session", async () => {
    expect((await ctx.app.request("/api/live")).status).toBe(401);
  });

  it("tells a firm's admin and staff that its people and invitations changed, and no other firm", async () => {
    const a = await buildFirm(ctx);
    const b = await buildFirm(ctx);
    const loner = await buildUser(ctx);
    const streamA = await openStream(a.admin);
    const streamB = await openStream(b.admin);
    const streamLoner = await openStream(loner.client);
    expect(await streamA.opened).toBe(LIVE_EVENT.heartbeat);
    await streamB.opened;
    await streamLoner.opened;

    // A client joins firm A with its code: A's client list changes.
    const client = await buildUser(ctx);
    expect((await client.client.post("/api/firms/join", { code: a.firmCode })).status).toBe(200);
    await streamA.waitFor("people");
    // An invitation in firm A, then one in firm B: B hears only of its own.
    expect(
      (await a.admin.post("/api/invitations", { email: uniqueEmail("inv"), role: "firm_staff" }))
        .status,
    ).toBe(200);
    await streamA.waitFor("invitations");
    expect(
      (await b.admin.post("/api/invitations", { email: uniqueEmail("inv"), role: "firm_staff" }))
        .status,
    ).toBe(200);
    await streamB.waitFor("invitations");
    expect(streamB.kinds).toEqual(["invitations"]);
    expect(streamLoner.kinds).toEqual([]);
    await Promise.all([streamA.close(), streamB.close(), streamLoner.close()]);
  });

  it("tells an owner that their release changed; nobody else outside their firm", async () => {
    const owner = await buildUser(ctx);
    const other = await buildUser(ctx);
    const mine = await openStream(owner.client);
    const theirs = await openStream(other.client);
    await Promise.all([mine.opened, theirs.opened]);
    // The release's own rows change as the release does; a trigger says so at commit.
    await ctx.services.deps.db.execute(
      sql`insert into releases (user_id, trigger, status, started_at, release_at)
          values (${owner.id}, 'inactivity', 'waiting', now(), now() + interval '7 days')`,
    );
    await mine.waitFor("release");
    expect(theirs.kinds).toEqual([]);
    await Promise.all([mine.close(), theirs.close()]);
  });

  it("ends every open stream when the server shuts down (it would hold the shutdown)", async () => {
    const own = await createTestContext();
    const user = await buildUser(own);
    const stream = await openStream(user.client);
    await stream.opened;
    await own.services.deps.live.close();
    await stream.ended; // the server ended it (a test timeout otherwise)
    await own.close();
  });
});
