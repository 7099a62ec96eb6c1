import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  GOOD_PASSWORD,
  TestClient,
  buildUser,
  createTestContext,
  lastMailTo,
  linkFromMail,
  uniqueEmail,
  type TestContext,
} from "../../../test/harness.js";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe("registration and e-mail confirmation", () => {
  it("creates a regular_user profile and e-mails a link to /auth/callback on APP_URL", async () => {
    const email = uniqueEmail();
    const client = new TestClient(ctx);
    const res = await client.json("POST", "/api/register", {
      name: "Ann Example",
      email,
      password: GOOD_PASSWORD,
    });
    expect(res).toEqual({ status: 200, body: { ok: true } });
    const link = await linkFromMail(ctx, email, "/auth/callback");
    expect(link.origin).toBe(ctx.env.APP_URL);
    expect(link.searchParams.get("type")).toBe("signup");
    expect(link.searchParams.get("code")).toBeTruthy();
  });

  it("refuses sign-in until the e-mail is confirmed, then the link signs the user in", async () => {
    const email = uniqueEmail();
    const client = new TestClient(ctx);
    await client.post("/api/register", { name: "Bo Example", email, password: GOOD_PASSWORD });
    const before = await client.json<{ error: { message: string } }>(
      "POST",
      "/api/auth/sign-in/email",
      { email, password: GOOD_PASSWORD },
    );
    expect(before.status).toBe(403);
    expect(before.body.error.message).toBe("Email not confirmed");

    const link = await linkFromMail(ctx, email, "/auth/callback");
    const verify = await client.get(
      `/api/auth/verify-email?token=${link.searchParams.get("code")}`,
    );
    expect(verify.status).toBe(200);
    expect(client.hasSession()).toBe(true);
    const me = await client.json<{
      user: { email: string; role: string; firmId: null; name: string };
    }>("GET", "/api/me");
    expect(me.body.user).toMatchObject({
      email,
      role: "regular_user",
      firmId: null,
      name: "Bo Example",
    });
  });

  it("a confirmation link used twice does not sign anyone in the second time", async () => {
    const email = uniqueEmail();
    const first = new TestClient(ctx);
    await first.post("/api/register", { name: "Cy Example", email, password: GOOD_PASSWORD });
    const code = (await linkFromMail(ctx, email, "/auth/callback")).searchParams.get("code");
    expect((await first.get(`/api/auth/verify-email?token=${code}`)).status).toBe(200);
    const second = new TestClient(ctx);
    const again = await second.json<{ user: unknown }>(
      "GET",
      `/api/auth/verify-email?token=${code}`,
    );
    expect(again.body.user).toBeNull();
    expect(second.hasSession()).toBe(false);
  });

  it("a tampered confirmation link is refused", async () => {
    const client = new TestClient(ctx);
    const res = await client.get(`/api/auth/verify-email?token=not-a-real-token`);
    expect(res.status).toBe(401);
    expect(client.hasSession()).toBe(false);
  });

  it("answers the same for an address that already has an account, and tells its owner by e-mail", async () => {
    const existing = await buildUser(ctx);
    const client = new TestClient(ctx);
    const res = await client.json("POST", "/api/register", {
      name: "Mallory",
      email: existing.email,
      password: "Another-Password-99",
    });
    expect(res).toEqual({ status: 200, body: { ok: true } });
    const mail = await lastMailTo(ctx, existing.email);
    expect(mail.subject).toMatch(/tried to register/);
  });

  it("ignores role and firm sent in the sign-up body", async () => {
    const email = uniqueEmail();
    const client = new TestClient(ctx);
    const res = await client.post("/api/register", {
      name: "Eve",
      email,
      password: GOOD_PASSWORD,
      role: "firm_admin",
      firmId: "00000000-0000-0000-0000-000000000000",
    });
    expect(res.status).toBe(200);
    const code = (await linkFromMail(ctx, email, "/auth/callback")).searchParams.get("code");
    await client.get(`/api/auth/verify-email?token=${code}`);
    const me = await client.json<{ user: { role: string; firmId: string | null } }>(
      "GET",
      "/api/me",
    );
    expect(me.body.user).toMatchObject({ role: "regular_user", firmId: null });
  });

  it("validates with the spec's messages", async () => {
    const client = new TestClient(ctx);
    const short = await client.json<{ error: { message: string } }>("POST", "/api/register", {
      name: "A",
      email: uniqueEmail(),
      password: "short",
    });
    expect(short.status).toBe(400);
    expect(short.body.error.message).toBe("Password must be at least 8 characters long");
    const common = await client.json<{ error: { message: string } }>("POST", "/api/register", {
      name: "A",
      email: uniqueEmail(),
      password: "password123",
    });
    expect(common.status).toBe(400);
    expect(common.body.error.message).toMatch(/too common/);
    const badCode = await client.json<{ error: { message: string } }>("POST", "/api/register", {
      name: "A",
      email: uniqueEmail(),
      password: GOOD_PASSWORD,
      firmCode: "NOPE12",
    });
    expect(badCode.body.error.message).toBe("Invalid firm code");
  });

  it("the sign-up endpoint of better-auth itself is closed", async () => {
    const client = new TestClient(ctx);
    const res = await client.post("/api/auth/sign-up/email", {
      name: "X",
      email: uniqueEmail(),
      password: GOOD_PASSWORD,
    });
    expect(res.status).toBe(404);
  });
});
