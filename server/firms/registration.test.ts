import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { firms, firmCodes, profiles, user } from "../db/schema/index.js";
import { buildFirm } from "../../test/factories/firm.js";
import {
  GOOD_PASSWORD,
  TestClient,
  buildUser,
  uniqueEmail,
  type TestContext,
  createTestContext,
} from "../../test/harness.js";
import { cleanupUnclaimedFirms } from "./service.js";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

type Created = { id: string; name: string; firm_code: string; claimSecret: string };

describe("firm registration", () => {
  it("creates the firm, then its admin (role firm_admin, tied to the firm) and a 'Default firm code'", async () => {
    const { admin, firmId, firmCode } = await buildFirm(ctx);
    const me = await admin.json<{ user: { role: string; firmId: string; firmName: string } }>(
      "GET",
      "/api/me",
    );
    expect(me.body.user).toMatchObject({ role: "firm_admin", firmId });
    const codes = await ctx.services.deps.db
      .select()
      .from(firmCodes)
      .where(eq(firmCodes.firmId, firmId));
    expect(codes).toEqual([
      expect.objectContaining({
        code: firmCode,
        description: "Default firm code",
        isActive: true,
        expiresAt: null,
      }),
    ]);
    expect(firmCode).toMatch(/^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{8}$/);
  });

  it("refuses a duplicate firm name, whatever its case, with 409", async () => {
    const { firmName } = await buildFirm(ctx);
    const res = await new TestClient(ctx).json<{ error: { message: string } }>(
      "POST",
      "/api/firms",
      { name: firmName.toUpperCase() },
    );
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe("A firm with this name already exists");
  });

  it("validates the firm name with the spec's messages", async () => {
    const client = new TestClient(ctx);
    expect(
      (await client.json<{ error: { message: string } }>("POST", "/api/firms", { name: "  " })).body
        .error.message,
    ).toBe("Firm name is required");
    expect(
      (await client.json<{ error: { message: string } }>("POST", "/api/firms", { name: "A" })).body
        .error.message,
    ).toBe("Firm name must be at least 2 characters");
  });

  it("only the holder of the claim secret can become the first admin, and only once", async () => {
    const creator = new TestClient(ctx);
    const created = await creator.json<Created>("POST", "/api/firms", {
      name: `Claim ${uniqueEmail()}`,
    });
    const intruder = new TestClient(ctx);
    const wrong = await intruder.json("POST", "/api/firms/claim", {
      firmId: created.body.id,
      claimSecret: "x".repeat(43),
      name: "Intruder",
      email: uniqueEmail(),
      password: GOOD_PASSWORD,
    });
    expect(wrong.status).toBe(404);
    const body = {
      firmId: created.body.id,
      claimSecret: created.body.claimSecret,
      name: "Real Admin",
      email: uniqueEmail(),
      password: GOOD_PASSWORD,
    };
    expect((await creator.json("POST", "/api/firms/claim", body)).status).toBe(200);
    const again = await intruder.json("POST", "/api/firms/claim", {
      ...body,
      email: uniqueEmail(),
    });
    expect(again.status).toBe(404);
    const admins = await ctx.services.deps.db
      .select()
      .from(profiles)
      .where(eq(profiles.firmId, created.body.id));
    expect(admins).toHaveLength(1);
  });

  it("an existing account cannot be made admin through the claim, and the answer does not reveal it", async () => {
    const existing = await buildUser(ctx);
    const created = await new TestClient(ctx).json<Created>("POST", "/api/firms", {
      name: `Existing ${uniqueEmail()}`,
    });
    const res = await new TestClient(ctx).json("POST", "/api/firms/claim", {
      firmId: created.body.id,
      claimSecret: created.body.claimSecret,
      name: "Whoever",
      email: existing.email,
      password: GOOD_PASSWORD,
    });
    expect(res).toEqual({ status: 200, body: { ok: true } });
    const me = await existing.client.json<{ user: { role: string; firmId: string | null } }>(
      "GET",
      "/api/me",
    );
    expect(me.body.user).toMatchObject({ role: "regular_user", firmId: null });
    const [firm] = await ctx.services.deps.db
      .select()
      .from(firms)
      .where(eq(firms.id, created.body.id));
    expect(firm?.claimedAt).toBeNull();
  });

  it("sign-up metadata never grants a role: a plain registration with the firm's code makes a client", async () => {
    const { firmCode, firmId } = await buildFirm(ctx);
    const email = uniqueEmail();
    const client = new TestClient(ctx);
    await client.post("/api/register", {
      name: "Cleo Client",
      email,
      password: GOOD_PASSWORD,
      firmCode: firmCode.toLowerCase(),
      role: "firm_admin",
    });
    const [u] = await ctx.services.deps.db.select().from(user).where(eq(user.email, email));
    const [p] = await ctx.services.deps.db
      .select()
      .from(profiles)
      .where(eq(profiles.id, u?.id ?? ""));
    expect(p).toMatchObject({ role: "regular_user", firmId });
  });

  it("unclaimed firms are deleted after 24 hours; claimed ones stay", async () => {
    const { firmId } = await buildFirm(ctx);
    const created = await new TestClient(ctx).json<Created>("POST", "/api/firms", {
      name: `Stale ${uniqueEmail()}`,
    });
    const fresh = await new TestClient(ctx).json<Created>("POST", "/api/firms", {
      name: `Fresh ${uniqueEmail()}`,
    });
    const longAgo = new Date(Date.now() - 25 * 3600_000);
    await ctx.services.deps.db
      .update(firms)
      .set({ createdAt: longAgo })
      .where(eq(firms.id, created.body.id));
    await ctx.services.deps.db
      .update(firms)
      .set({ createdAt: longAgo })
      .where(eq(firms.id, firmId));
    expect(await cleanupUnclaimedFirms(ctx.services.deps)).toBeGreaterThanOrEqual(1);
    const ids = (await ctx.services.deps.db.select({ id: firms.id }).from(firms)).map((r) => r.id);
    expect(ids).toContain(firmId);
    expect(ids).toContain(fresh.body.id);
    expect(ids).not.toContain(created.body.id);
    const late = await new TestClient(ctx).json("POST", "/api/firms/claim", {
      firmId: created.body.id,
      claimSecret: created.body.claimSecret,
      name: "Late Admin",
      email: uniqueEmail(),
      password: GOOD_PASSWORD,
    });
    expect(late.status).toBe(404);
  });
});
