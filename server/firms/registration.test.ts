import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { firms, firmCodes, profiles, user } from "../db/schema/index.js";
import { FIRM_MSG } from "../../common/firms.js";
import { buildFirm } from "../../test/factories/firm.js";
import {
  GOOD_PASSWORD,
  TestClient,
  buildUser,
  linkFromMail,
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

  it("only the holder of the claim secret can name the first admin, and only once", async () => {
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
    const email = uniqueEmail();
    const body = {
      firmId: created.body.id,
      claimSecret: created.body.claimSecret,
      name: "Real Admin",
      email,
      password: GOOD_PASSWORD,
    };
    expect((await creator.json("POST", "/api/firms/claim", body)).status).toBe(200);
    const again = await intruder.json("POST", "/api/firms/claim", {
      ...body,
      email: uniqueEmail(),
    });
    expect(again.status).toBe(404);
    await confirm(creator, email);
    const admins = await ctx.services.deps.db
      .select()
      .from(profiles)
      .where(eq(profiles.firmId, created.body.id));
    expect(admins).toEqual([expect.objectContaining({ email, role: "firm_admin" })]);
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

/** Step 2 of /firm-register for `email`, sent twice: the wizard's answers and the firm. */
async function nameAdmin(email: string) {
  const wizard = new TestClient(ctx);
  const created = await wizard.json<Created>("POST", "/api/firms", {
    name: `Proof ${uniqueEmail().slice(5, 13)} LLP`,
  });
  const body = {
    firmId: created.body.id,
    claimSecret: created.body.claimSecret,
    name: "Whoever",
    email,
    password: "Completely-Other-77",
    phone: "+1 555 0199",
  };
  const claim = await wizard.json("POST", "/api/firms/claim", body);
  const again = await wizard.json<Refusal>("POST", "/api/firms/claim", body);
  return { wizard, created: created.body, claim, again };
}

/** A refusal's body; anything else (a 200) compares as no code and no message. */
type Refusal = { error?: { code: string; message: string } };

const lookUp = (code: string) =>
  new TestClient(ctx).json<Refusal>("GET", `/api/firms/lookup?code=${encodeURIComponent(code)}`);

async function confirm(client: TestClient, email: string) {
  const link = await linkFromMail(ctx, email, "/auth/callback");
  const res = await client.get(`/api/auth/verify-email?token=${link.searchParams.get("code")}`);
  expect(res.status).toBe(200);
}

const firmRow = async (id: string) =>
  (await ctx.services.deps.db.select().from(firms).where(eq(firms.id, id)))[0];

const refusalOf = (res: { status: number; body: Refusal }) => ({
  status: res.status,
  code: res.body.error?.code,
  message: res.body.error?.message,
});

describe("step 2 names the admin; nothing works until the address is proven (decision 073)", () => {
  it("answers a new and an existing address alike, and neither firm's code finds it", async () => {
    const existing = await buildUser(ctx);
    const fresh = await nameAdmin(uniqueEmail());
    const known = await nameAdmin(existing.email);
    expect(fresh.claim).toEqual({ status: 200, body: { ok: true } });
    expect(known.claim).toEqual(fresh.claim);
    // the wizard's secret is spent either way: sending step 2 again tells nothing either
    expect(refusalOf(fresh.again)).toEqual({
      status: 404,
      code: "NOT_FOUND",
      message: FIRM_MSG.firmInfoMissing,
    });
    expect(refusalOf(known.again)).toEqual(refusalOf(fresh.again));
    const unknownCode = refusalOf(await lookUp("ZZZZZZZZ"));
    for (const { created } of [fresh, known]) {
      expect((await firmRow(created.id))?.claimedAt).toBeNull();
      expect(refusalOf(await lookUp(created.firm_code))).toEqual(unknownCode);
    }
    const me = await existing.client.json<{ user: { role: string; firmId: string | null } }>(
      "GET",
      "/api/me",
    );
    expect(me.body.user).toMatchObject({ role: "regular_user", firmId: null });
  });

  it("the new account's confirmation link makes it the first admin; only then does the code work", async () => {
    const email = uniqueEmail("proof");
    const { wizard, created } = await nameAdmin(email);
    const [account] = await ctx.services.deps.db.select().from(user).where(eq(user.email, email));
    const profileOf = async () =>
      (
        await ctx.services.deps.db
          .select()
          .from(profiles)
          .where(eq(profiles.id, account?.id ?? ""))
      )[0];
    expect(await profileOf()).toMatchObject({ role: "regular_user", firmId: null });
    expect((await lookUp(created.firm_code)).status).toBe(404);

    await confirm(wizard, email);
    const me = await wizard.json<{ user: { role: string; firmId: string } }>("GET", "/api/me");
    expect(me.body.user).toMatchObject({ role: "firm_admin", firmId: created.id });
    expect(await profileOf()).toMatchObject({ phone: "+1 555 0199" });
    expect(await firmRow(created.id)).toMatchObject({
      claimedAt: expect.any(Date),
      claimSecretHash: null,
      pendingAdminId: null,
    });
    expect(await lookUp(created.firm_code)).toEqual({
      status: 200,
      body: { firm: { id: created.id, name: created.name } },
    });
    const codes = await ctx.services.deps.db
      .select()
      .from(firmCodes)
      .where(eq(firmCodes.firmId, created.id));
    expect(codes).toEqual([expect.objectContaining({ description: "Default firm code" })]);
  });

  it("a confirmation after the 24 hours claims nothing: the account stays a plain one", async () => {
    const email = uniqueEmail("late");
    const { wizard, created } = await nameAdmin(email);
    await ctx.services.deps.db
      .update(firms)
      .set({ createdAt: new Date(Date.now() - 25 * 3600_000) })
      .where(eq(firms.id, created.id));
    await confirm(wizard, email);
    const me = await wizard.json<{ user: { role: string; firmId: string | null } }>(
      "GET",
      "/api/me",
    );
    expect(me.body.user).toMatchObject({ role: "regular_user", firmId: null });
    expect((await firmRow(created.id))?.claimedAt).toBeNull();
    expect((await lookUp(created.firm_code)).status).toBe(404);
  });
});
