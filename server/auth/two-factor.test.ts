import { createHash } from "node:crypto";
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUTH_MSG } from "../../common/auth.js";
import { session, verification } from "../db/schema/index.js";
import {
  TestClient,
  buildUser,
  createTestContext,
  lastMailTo,
  type TestContext,
} from "../../test/harness.js";

type ErrorBody = { error: { code: string; message: string } };

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

async function codeFromMail(email: string): Promise<string> {
  const mail = await lastMailTo(ctx, email);
  const match = mail.text.match(/^(\d{6})$/m);
  if (!match?.[1]) throw new Error(`no 6-digit code in the mail to ${email}: ${mail.text}`);
  expect(mail.subject).toContain(match[1]);
  return match[1];
}

/** A confirmed user who turned on e-mail codes while signed in. */
async function buildUserWithTwoFactor() {
  const user = await buildUser(ctx);
  expect((await user.client.post("/api/auth/two-factor/send-otp", {})).status).toBe(200);
  const enable = await user.client.json("POST", "/api/auth/two-factor/verify-otp", {
    code: await codeFromMail(user.email),
  });
  expect(enable.status).toBe(200);
  return user;
}

/** Password accepted; returns the client holding the two-factor challenge (no session yet). */
async function startSignIn(email: string, password: string) {
  const client = new TestClient(ctx);
  const res = await client.json<{ twoFactorRedirect?: boolean }>(
    "POST",
    "/api/auth/sign-in/email",
    { email, password },
  );
  expect(res).toMatchObject({ status: 200, body: { twoFactorRedirect: true } });
  expect(client.hasSession()).toBe(false);
  return client;
}

/** Sends a code for the challenge and returns the verification rows it created. */
async function sendCode(client: TestClient, email: string) {
  const { db } = ctx.services.deps;
  const before = new Set(
    (await db.select({ id: verification.id }).from(verification)).map((r) => r.id),
  );
  expect((await client.json("POST", "/api/auth/two-factor/send-otp", {})).status).toBe(200);
  const rows = (await db.select().from(verification)).filter((r) => !before.has(r.id));
  return { code: await codeFromMail(email), rows };
}

const verifyOtp = (client: TestClient, code: string) =>
  client.json<ErrorBody>("POST", "/api/auth/two-factor/verify-otp", { code });
const wrongCodeFor = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

describe("two-factor e-mail codes", () => {
  it("a signed-in user turns them on with a mailed code; /api/me then says so", async () => {
    const { client } = await buildUserWithTwoFactor();
    const me = await client.json<{ user: { twoFactorEnabled: boolean } }>("GET", "/api/me");
    expect(me.body.user.twoFactorEnabled).toBe(true);
  });

  it("then sign-in asks for a code and creates no session until it is given", async () => {
    const { email, password, id } = await buildUserWithTwoFactor();
    const { db } = ctx.services.deps;
    const sessionsBefore = await db.select().from(session).where(eq(session.userId, id));
    const client = await startSignIn(email, password);
    expect((await client.get("/api/me")).status).toBe(401);
    expect(await db.select().from(session).where(eq(session.userId, id))).toHaveLength(
      sessionsBefore.length,
    );

    const { code } = await sendCode(client, email);
    expect(code).toMatch(/^\d{6}$/);
    const ok = await verifyOtp(client, code);
    expect(ok.status).toBe(200);
    expect(client.hasSession()).toBe(true);
    expect((await client.get("/api/me")).status).toBe(200);
  });

  it("refuses a wrong code, and the right code works only once", async () => {
    const { email, password } = await buildUserWithTwoFactor();
    const client = await startSignIn(email, password);
    const { code } = await sendCode(client, email);
    const wrong = await verifyOtp(client, wrongCodeFor(code));
    expect(wrong.status).toBe(401);
    expect(wrong.body.error.message).toBe(AUTH_MSG.mfaInvalid);
    expect(client.hasSession()).toBe(false);
    const challengeCookie = client.cookieHeader();
    expect((await verifyOtp(client, code)).status).toBe(200);

    const replay = new TestClient(ctx);
    const again = await replay.request(
      "POST",
      "/api/auth/two-factor/verify-otp",
      { code },
      { cookie: challengeCookie },
    );
    expect(again.status).toBeGreaterThanOrEqual(400);
    expect(
      again.headers
        .getSetCookie()
        .some((c) => c.startsWith("lv.session_token=") && !c.startsWith("lv.session_token=;")),
    ).toBe(false);
  });

  it("after 5 wrong tries even the right code is refused", async () => {
    const { email, password } = await buildUserWithTwoFactor();
    const client = await startSignIn(email, password);
    const { code } = await sendCode(client, email);
    for (let i = 0; i < 5; i++)
      expect((await verifyOtp(client, wrongCodeFor(code))).status).toBe(401);
    const right = await verifyOtp(client, code);
    expect(right.status).toBe(400);
    expect(right.body.error.message).toMatch(/Too many attempts/);
    expect(client.hasSession()).toBe(false);
  });

  it("stores the code hashed with a server key, never in clear or as a plain hash", async () => {
    const { email, password } = await buildUserWithTwoFactor();
    const client = await startSignIn(email, password);
    const { code, rows } = await sendCode(client, email);
    expect(rows).toHaveLength(1);
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain(code);
    // An unkeyed SHA-256 of a 6-digit code is reversed by trying a million values.
    expect(stored).not.toContain(createHash("sha256").update(code).digest("base64url"));
    expect(stored).not.toContain(createHash("sha256").update(code).digest("hex"));
    expect((await verifyOtp(client, code)).status).toBe(200);
  });

  it("a code lives 10 minutes: once its row has expired, the right code is refused", async () => {
    const { email, password } = await buildUserWithTwoFactor();
    const client = await startSignIn(email, password);
    const { code, rows } = await sendCode(client, email);
    const row = rows[0];
    if (!row) throw new Error("no code row");
    const lifetimeMs = row.expiresAt.getTime() - row.createdAt.getTime();
    expect(lifetimeMs).toBeGreaterThan(9.9 * 60_000);
    expect(lifetimeMs).toBeLessThanOrEqual(10 * 60_000 + 1000);

    const { db } = ctx.services.deps;
    await db
      .update(verification)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(
        inArray(
          verification.id,
          rows.map((r) => r.id),
        ),
      );
    const expired = await verifyOtp(client, code);
    expect(expired.status).toBe(400);
    expect(expired.body.error.message).toMatch(/expired/);
    expect(client.hasSession()).toBe(false);
  });

  it("turning them off needs the password", async () => {
    const { client, email, password } = await buildUserWithTwoFactor();
    const noPassword = await client.json<ErrorBody>("POST", "/api/auth/two-factor/disable", {});
    expect(noPassword.status).toBe(400);
    const wrong = await client.json<ErrorBody>("POST", "/api/auth/two-factor/disable", {
      password: "Not-The-Password-1",
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.message).toBe(AUTH_MSG.currentPasswordWrong);
    expect(
      (await client.json<{ user: { twoFactorEnabled: boolean } }>("GET", "/api/me")).body.user
        .twoFactorEnabled,
    ).toBe(true);

    expect((await client.json("POST", "/api/auth/two-factor/disable", { password })).status).toBe(
      200,
    );
    expect(
      (await client.json<{ user: { twoFactorEnabled: boolean } }>("GET", "/api/me")).body.user
        .twoFactorEnabled,
    ).toBe(false);
    const direct = new TestClient(ctx);
    await direct.post("/api/auth/sign-in/email", { email, password });
    expect(direct.hasSession()).toBe(true);
  });

  it("a code cannot be requested without a password step or a session", async () => {
    const res = await new TestClient(ctx).json<ErrorBody>(
      "POST",
      "/api/auth/two-factor/send-otp",
      {},
    );
    expect(res.status).toBe(401);
  });
});
