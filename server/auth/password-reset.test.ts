import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { AUTH_MSG } from "../../common/auth.js";
import { verification } from "../db/schema/index.js";
import { listOutbox } from "../mail/outbox.js";
import {
  TestClient,
  buildUser,
  createTestContext,
  linkFromMail,
  uniqueEmail,
  type TestContext,
} from "../../test/harness.js";

type ErrorBody = { error: { code: string; message: string } };

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const NEW_PASSWORD = "Lighthouse-Meadow-77";

async function requestReset(email: string) {
  return new TestClient(ctx).json("POST", "/api/auth/request-password-reset", {
    email,
    redirectTo: "/update-password",
  });
}

async function resetToken(email: string): Promise<string> {
  expect((await requestReset(email)).status).toBe(200);
  const link = await linkFromMail(ctx, email, "/update-password");
  expect(`${link.origin}${link.pathname}`).toBe(`${ctx.env.APP_URL}/update-password`);
  const token = link.searchParams.get("token");
  if (!token) throw new Error("no token in the reset link");
  return token;
}

describe("password reset", () => {
  it("answers the same for an unknown and a known address, and mails only the known one", async () => {
    const { email } = await buildUser(ctx);
    const unknown = uniqueEmail();
    const known = await requestReset(email);
    const other = await requestReset(unknown);
    expect(known.status).toBe(200);
    expect(other).toEqual(known);
    await expect(linkFromMail(ctx, email, "/update-password")).resolves.toBeInstanceOf(URL);
    await expect(linkFromMail(ctx, unknown, "/update-password")).rejects.toThrow(/no mail/);
  });

  it("the link works once, ends the other sessions, and replaces the password", async () => {
    const { email, password, client: signedInBefore } = await buildUser(ctx);
    const token = await resetToken(email);
    const anyone = new TestClient(ctx);
    expect(
      (await anyone.json("POST", "/api/auth/reset-password", { newPassword: NEW_PASSWORD, token }))
        .status,
    ).toBe(200);

    const again = await anyone.json<ErrorBody>("POST", "/api/auth/reset-password", {
      newPassword: "Another-Fresh-Pass-9",
      token,
    });
    expect(again.status).toBe(400);
    expect(again.body.error.message).toBe(AUTH_MSG.linkInvalid);

    expect((await signedInBefore.get("/api/me")).status).toBe(401);
    const old = await new TestClient(ctx).json<ErrorBody>("POST", "/api/auth/sign-in/email", {
      email,
      password,
    });
    expect(old.status).toBe(401);
    const fresh = new TestClient(ctx);
    expect(
      (await fresh.post("/api/auth/sign-in/email", { email, password: NEW_PASSWORD })).status,
    ).toBe(200);
    expect(fresh.hasSession()).toBe(true);
  });

  it("refuses a too-common new password and keeps the link usable", async () => {
    const { email } = await buildUser(ctx);
    const token = await resetToken(email);
    const client = new TestClient(ctx);
    const common = await client.json<ErrorBody>("POST", "/api/auth/reset-password", {
      newPassword: "password123",
      token,
    });
    expect(common.status).toBe(400);
    expect(common.body.error.message).toBe(AUTH_MSG.commonPassword);
    const short = await client.json<ErrorBody>("POST", "/api/auth/reset-password", {
      newPassword: "short",
      token,
    });
    expect(short.status).toBe(400);
    expect(short.body.error.message).toBe(AUTH_MSG.passwordTooShort);
    expect(
      (await client.json("POST", "/api/auth/reset-password", { newPassword: NEW_PASSWORD, token }))
        .status,
    ).toBe(200);
  });

  it("a made-up token is refused", async () => {
    const res = await new TestClient(ctx).json<ErrorBody>("POST", "/api/auth/reset-password", {
      newPassword: NEW_PASSWORD,
      token: "not-a-real-token",
    });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(AUTH_MSG.linkInvalid);
  });

  it("stores the reset token only hashed: a database dump holds no usable link", async () => {
    const { email } = await buildUser(ctx);
    const token = await resetToken(email);
    const rows = await ctx.services.deps.db.select().from(verification);
    expect(rows.length).toBeGreaterThan(0);
    expect(JSON.stringify(rows)).not.toContain(token);
  });
});

async function mailCount(to: string): Promise<number> {
  return (await listOutbox(ctx.services.deps.db, 1000)).filter((m) => m.to === to).length;
}

describe("resend confirmation", () => {
  async function resend(email: string) {
    return new TestClient(ctx).json("POST", "/api/auth/send-verification-email", { email });
  }

  it("answers the same for unknown, unconfirmed and confirmed addresses, and mails only the unconfirmed one", async () => {
    const unconfirmed = uniqueEmail();
    await new TestClient(ctx).post("/api/register", {
      name: "Rae Sender",
      email: unconfirmed,
      password: "Quartz-Lantern-58",
    });
    const { email: confirmed } = await buildUser(ctx);
    const unknown = uniqueEmail();

    const answers = [await resend(unconfirmed), await resend(confirmed), await resend(unknown)];
    expect(answers[0]).toEqual({ status: 200, body: { status: true } });
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);

    expect(await mailCount(unconfirmed)).toBe(2);
    expect(await mailCount(confirmed)).toBe(1);
    await expect(linkFromMail(ctx, unknown, "/auth/callback")).rejects.toThrow(/no mail/);
  });

  it("the resent link confirms the account", async () => {
    const email = uniqueEmail();
    const client = new TestClient(ctx);
    await client.post("/api/register", {
      name: "Sol Resend",
      email,
      password: "Quartz-Lantern-58",
    });
    await resend(email);
    const code = (await linkFromMail(ctx, email, "/auth/callback")).searchParams.get("code");
    expect((await client.get(`/api/auth/verify-email?token=${code}`)).status).toBe(200);
    expect((await client.get("/api/me")).status).toBe(200);
  });
});
