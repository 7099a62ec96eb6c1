import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FIRM_MSG, type CreatedFirmView, type FirmView } from "../../common/firms.js";
import { buildFirm } from "../../test/factories/firm.js";
import { buildInvitedMember } from "../../test/factories/people.js";
import {
  GOOD_PASSWORD,
  TestClient,
  buildUser,
  createTestContext,
  lastMailTo,
  linkFromMail,
  uniqueEmail,
  type TestContext,
} from "../../test/harness.js";
import { firms, profiles } from "../db/schema/index.js";
import { expectRetryLater } from "../../test/rate-limit.js";

/** Decision 034: an existing account registers a firm, in the app or by the e-mailed link. */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

type Me = { user: { role: string; firmId: string | null } };
const meOf = async (client: TestClient) => (await client.json<Me>("GET", "/api/me")).body.user;
const firmName = () => `Existing ${uniqueEmail().slice(5, 13)} LLP`;
const refusal = (message: string) => ({ error: expect.objectContaining({ message }) });

/** A firm created at /firm-register whose admin e-mail is `email` (an existing account's). */
async function registerWithEmail(email: string, name = firmName()) {
  const wizard = new TestClient(ctx);
  const created = await wizard.json<CreatedFirmView>("POST", "/api/firms", { name });
  const claim = await wizard.json("POST", "/api/firms/claim", {
    firmId: created.body.id,
    claimSecret: created.body.claimSecret,
    name: "Whoever",
    email,
    password: "Completely-Other-77",
  });
  return { created: created.body, claim };
}

async function claimLinkOf(email: string) {
  const link = await linkFromMail(ctx, email, "/firm/new");
  return {
    firmId: link.searchParams.get("firm") ?? "",
    token: link.searchParams.get("token") ?? "",
  };
}

describe("a signed-in individual registers a firm (POST /api/firm)", () => {
  it("creates the firm with the account as its first admin, and its code works at once", async () => {
    const me = await buildUser(ctx);
    const name = firmName();
    const res = await me.client.json<{ firm: FirmView }>("POST", "/api/firm", {
      name,
      phone: "+1 555 0101",
      password: me.password,
    });
    expect(res.status).toBe(201);
    expect(res.body.firm).toMatchObject({ name, phone: "+1 555 0101" });
    expect(await meOf(me.client)).toMatchObject({ role: "firm_admin", firmId: res.body.firm.id });
    const lookup = await new TestClient(ctx).json<{ firm: { name: string } }>(
      "GET",
      `/api/firms/lookup?code=${res.body.firm.firmCode}`,
    );
    expect(lookup.body.firm.name).toBe(name);
  });

  it("a wrong password changes nothing and creates no firm", async () => {
    const me = await buildUser(ctx);
    const name = firmName();
    const res = await me.client.json("POST", "/api/firm", { name, password: "Not-My-Password-1" });
    expect(res).toEqual({
      status: 400,
      body: {
        error: {
          code: "VALIDATION",
          message: FIRM_MSG.passwordWrong,
          fields: { password: FIRM_MSG.passwordWrong },
          requestId: expect.any(String),
        },
      },
    });
    expect(await meOf(me.client)).toMatchObject({ role: "regular_user", firmId: null });
    const rows = await ctx.services.deps.db.select().from(firms).where(eq(firms.name, name));
    expect(rows).toEqual([]);
  });

  it("someone already in a firm (admin, staff or client) is refused plainly; a visitor must sign in", async () => {
    const { admin, firmCode } = await buildFirm(ctx);
    const staff = await buildInvitedMember(ctx, admin, "firm_staff");
    const client = await buildUser(ctx);
    expect((await client.client.json("POST", "/api/firms/join", { code: firmCode })).status).toBe(
      200,
    );
    for (const member of [admin, staff.client, client.client]) {
      const res = await member.json("POST", "/api/firm", {
        name: firmName(),
        password: GOOD_PASSWORD,
      });
      expect(res).toEqual({ status: 409, body: refusal(FIRM_MSG.alreadyInFirm) });
    }
    expect(await meOf(client.client)).toMatchObject({ role: "regular_user" });
    const visitor = await new TestClient(ctx).json("POST", "/api/firm", {
      name: firmName(),
      password: GOOD_PASSWORD,
    });
    expect(visitor.status).toBe(401);
  });

  it("wrong passwords are limited per account (10 an hour), right ones are not counted", async () => {
    const me = await buildUser(ctx);
    for (let i = 0; i < 10; i++) {
      const res = await me.client.json("POST", "/api/firm", {
        name: firmName(),
        password: "Nope-Nope-1",
      });
      expect(res.status).toBe(400);
    }
    const res = await me.client.request("POST", "/api/firm", {
      name: firmName(),
      password: me.password,
    });
    expectRetryLater(res);
  });

  it("refuses a firm name already taken with the spec's message", async () => {
    const { firmName: taken } = await buildFirm(ctx);
    const me = await buildUser(ctx);
    const res = await me.client.json("POST", "/api/firm", {
      name: taken.toLowerCase(),
      password: me.password,
    });
    expect(res).toEqual({ status: 409, body: refusal(FIRM_MSG.firmNameTaken) });
  });
});

describe("/firm-register with the e-mail of an existing account", () => {
  it("answers exactly as for a new address, and e-mails the owner a claim link instead of an account", async () => {
    const existing = await buildUser(ctx);
    const fresh = await registerWithEmail(uniqueEmail());
    const known = await registerWithEmail(existing.email);
    expect(known.claim).toEqual(fresh.claim);
    expect(known.claim).toEqual({ status: 200, body: { ok: true } });
    const mail = await lastMailTo(ctx, existing.email);
    expect(mail.subject).toBe("Finish registering your law firm");
    expect(mail.text).toContain(known.created.name);
    expect(await meOf(existing.client)).toMatchObject({ role: "regular_user", firmId: null });
    const [firm] = await ctx.services.deps.db
      .select()
      .from(firms)
      .where(eq(firms.id, known.created.id));
    expect(firm?.claimedAt).toBeNull();
  });

  it("the owner, signed in, sees the firm and becomes its admin with their password; the link then stops working", async () => {
    const existing = await buildUser(ctx);
    const { created } = await registerWithEmail(existing.email);
    const { firmId, token } = await claimLinkOf(existing.email);
    expect(firmId).toBe(created.id);
    const path = `/api/firms/${firmId}/claim`;
    const offered = await existing.client.json("GET", `${path}?token=${token}`);
    expect(offered).toEqual({ status: 200, body: { id: created.id, name: created.name } });
    const wrong = await existing.client.json("POST", path, { token, password: "Wrong-Password-9" });
    expect(wrong.status).toBe(400);
    const res = await existing.client.json<{ firm: FirmView }>("POST", path, {
      token,
      password: existing.password,
    });
    expect(res.status).toBe(200);
    expect(res.body.firm).toMatchObject({ id: created.id, firmCode: created.firm_code });
    expect(await meOf(existing.client)).toMatchObject({ role: "firm_admin", firmId: created.id });
    const lookup = await new TestClient(ctx).get(`/api/firms/lookup?code=${created.firm_code}`);
    expect(lookup.status).toBe(200);
    const again = await existing.client.json("GET", `${path}?token=${token}`);
    expect(again.status).toBe(409); // now in a firm
  });

  it("someone else cannot use the link: another account, a visitor, a forged token, the wizard's claim secret", async () => {
    const existing = await buildUser(ctx);
    const { created } = await registerWithEmail(existing.email);
    const { firmId, token } = await claimLinkOf(existing.email);
    const path = `/api/firms/${firmId}/claim`;
    const other = await buildUser(ctx);
    const notFound = { status: 404, body: refusal(FIRM_MSG.claimLinkInvalid) };
    expect(await other.client.json("GET", `${path}?token=${token}`)).toEqual(notFound);
    expect(await other.client.json("POST", path, { token, password: other.password })).toEqual(
      notFound,
    );
    expect(
      await existing.client.json("POST", path, {
        token: created.claimSecret,
        password: existing.password,
      }),
    ).toEqual(notFound);
    expect(
      await existing.client.json("POST", path, {
        token: token.replace(/^./, (c) => (c === "a" ? "b" : "a")),
        password: existing.password,
      }),
    ).toEqual(notFound);
    expect((await new TestClient(ctx).json("GET", `${path}?token=${token}`)).status).toBe(401);
    expect(await meOf(other.client)).toMatchObject({ role: "regular_user", firmId: null });
    const admins = await ctx.services.deps.db
      .select()
      .from(profiles)
      .where(eq(profiles.firmId, created.id));
    expect(admins).toEqual([]);
  });

  it("a link sent to someone already in a firm is refused plainly", async () => {
    const { admin, adminEmail } = await buildFirm(ctx);
    await registerWithEmail(adminEmail);
    const { firmId, token } = await claimLinkOf(adminEmail);
    const res = await admin.json("POST", `/api/firms/${firmId}/claim`, {
      token,
      password: GOOD_PASSWORD,
    });
    expect(res).toEqual({ status: 409, body: refusal(FIRM_MSG.alreadyInFirm) });
  });
});
