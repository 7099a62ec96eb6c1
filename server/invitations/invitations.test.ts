import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invitations } from "../db/schema/index.js";
import { buildFirm } from "../../test/factories/firm.js";
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

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

async function registerThroughLink(email: string, overrides: { email?: string } = {}) {
  const link = await linkFromMail(ctx, email, "/register");
  const client = new TestClient(ctx);
  const res = await client.json<{ error?: { message: string } }>("POST", "/api/register", {
    name: "Invited Person",
    email: overrides.email ?? link.searchParams.get("email"),
    password: GOOD_PASSWORD,
    invitationCode: link.searchParams.get("code"),
  });
  return { res, client, link };
}

async function confirm(client: TestClient, email: string) {
  const link = await linkFromMail(ctx, email, "/auth/callback");
  await client.get(`/api/auth/verify-email?token=${link.searchParams.get("code")}`);
  return client.json<{ user: { role: string; firmId: string | null } }>("GET", "/api/me");
}

describe("invitations", () => {
  it("an admin invites staff: the e-mail links to /register with the e-mail and a code, includes the note, and the check says valid", async () => {
    const { admin, firmName } = await buildFirm(ctx);
    const email = uniqueEmail("staff");
    const sent = await admin.json("POST", "/api/invitations", {
      email: email.toUpperCase(),
      role: "firm_staff",
      note: "  Welcome aboard!  ",
    });
    expect(sent).toEqual({ status: 200, body: { success: true } });
    const mail = await lastMailTo(ctx, email);
    expect(mail.text).toContain("Welcome aboard!");
    const link = await linkFromMail(ctx, email, "/register");
    expect(link.origin).toBe(ctx.env.APP_URL);
    expect(link.searchParams.get("email")).toBe(email);
    const check = await new TestClient(ctx).json(
      "GET",
      `/api/invitations/check?email=${encodeURIComponent(email)}&code=${link.searchParams.get("code")}`,
    );
    expect(check.body).toEqual({ valid: true, firmName, role: "firm_staff" });
    const [row] = await ctx.services.deps.db
      .select()
      .from(invitations)
      .where(eq(invitations.email, email));
    expect(row?.tokenHash).not.toContain(link.searchParams.get("code"));
  });

  it("registering through the link gives the invited role and firm, once", async () => {
    const { admin, firmId } = await buildFirm(ctx);
    const email = uniqueEmail("staff");
    await admin.post("/api/invitations", { email, role: "firm_staff" });
    const { res, client, link } = await registerThroughLink(email);
    expect(res.status).toBe(200);
    const me = await confirm(client, email);
    expect(me.body.user).toMatchObject({ role: "firm_staff", firmId });
    const again = await new TestClient(ctx).json(
      "GET",
      `/api/invitations/check?email=${encodeURIComponent(email)}&code=${link.searchParams.get("code")}`,
    );
    expect(again.body).toEqual({ valid: false });
    const reinvite = await admin.json<{ error: { message: string } }>("POST", "/api/invitations", {
      email,
      role: "firm_staff",
    });
    expect(reinvite.status).toBe(409);
    expect(reinvite.body.error.message).toBe(
      "This email has already accepted an invitation to your firm",
    );
  });

  it("an invitation binds to its e-mail: another address cannot use the code", async () => {
    const { admin } = await buildFirm(ctx);
    const email = uniqueEmail("staff");
    await admin.post("/api/invitations", { email, role: "firm_admin" });
    const other = uniqueEmail("mallory");
    const { res } = await registerThroughLink(email, { email: other });
    expect(res.status).toBe(400);
    expect(res.body.error?.message).toMatch(/Invalid invitation/);
  });

  it("an expired invitation is refused on the server; re-inviting extends it to 7 days from now with a fresh link, the expired link staying dead", async () => {
    const { admin } = await buildFirm(ctx);
    const email = uniqueEmail("late");
    await admin.post("/api/invitations", { email, role: "regular_user" });
    const oldLink = await linkFromMail(ctx, email, "/register");
    await ctx.services.deps.db
      .update(invitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invitations.email, email));
    const expired = await registerThroughLink(email);
    expect(expired.res.status).toBe(400);
    await admin.post("/api/invitations", { email, role: "regular_user" });
    const [row] = await ctx.services.deps.db
      .select()
      .from(invitations)
      .where(eq(invitations.email, email));
    const days = ((row?.expiresAt.getTime() ?? 0) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);
    const newLink = await linkFromMail(ctx, email, "/register");
    expect(newLink.searchParams.get("code")).not.toBe(oldLink.searchParams.get("code"));
    // The link of the expired invitation stays dead: only a pending one's earlier links are kept.
    const stale = await new TestClient(ctx).json(
      "GET",
      `/api/invitations/check?email=${encodeURIComponent(email)}&code=${oldLink.searchParams.get("code")}`,
    );
    expect(stale.body).toEqual({ valid: false });
    const fresh = await registerThroughLink(email);
    expect(fresh.res.status).toBe(200);
  });

  it("staff may invite clients but not staff or admins; clients and outsiders cannot invite at all", async () => {
    const { admin } = await buildFirm(ctx);
    const staffEmail = uniqueEmail("staff");
    await admin.post("/api/invitations", { email: staffEmail, role: "firm_staff" });
    const { client: staff } = await registerThroughLink(staffEmail);
    await confirm(staff, staffEmail);
    expect(
      (await staff.post("/api/invitations", { email: uniqueEmail(), role: "regular_user" })).status,
    ).toBe(200);
    expect(
      (await staff.post("/api/invitations", { email: uniqueEmail(), role: "firm_staff" })).status,
    ).toBe(404);
    expect(
      (await staff.post("/api/invitations", { email: uniqueEmail(), role: "firm_admin" })).status,
    ).toBe(404);
    const outsider = await buildUser(ctx);
    expect(
      (
        await outsider.client.post("/api/invitations", {
          email: uniqueEmail(),
          role: "regular_user",
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await new TestClient(ctx).post("/api/invitations", {
          email: uniqueEmail(),
          role: "regular_user",
        })
      ).status,
    ).toBe(401);
  });

  it("validates with the spec's messages", async () => {
    const { admin } = await buildFirm(ctx);
    const empty = await admin.json<{ error: { message: string } }>("POST", "/api/invitations", {
      email: "",
      role: "firm_staff",
    });
    expect(empty.body.error.message).toBe("Please enter an email address");
    const bad = await admin.json<{ error: { message: string } }>("POST", "/api/invitations", {
      email: "nope",
      role: "firm_staff",
    });
    expect(bad.body.error.message).toBe("Please enter a valid email address");
  });
});
