import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { APP_MSG } from "../../common/app.js";
import { auditLog, verification } from "../db/schema/index.js";
import { listOutbox } from "../mail/outbox.js";
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

const CODE_SUBJECT = "Your Legacy Vault verification code";

/** The e-mailed sign-in codes in the outbox for `email`. */
async function codeMailsTo(email: string): Promise<number> {
  const rows = await listOutbox(ctx.services.deps.db, 5000);
  return rows.filter((m) => m.to === email && m.subject.startsWith(CODE_SUBJECT)).length;
}

/** A confirmed user who turned on e-mail codes (that sends them one code). */
async function buildUserWithTwoFactor() {
  const user = await buildUser(ctx);
  expect((await user.client.post("/api/auth/two-factor/send-otp", {})).status).toBe(200);
  const code = (await lastMailTo(ctx, user.email)).text.match(/^(\d{6})$/m)?.[1];
  expect((await user.client.json("POST", "/api/auth/two-factor/verify-otp", { code })).status).toBe(
    200,
  );
  return user;
}

/** The password step from `client`, then a request for the code, as /login does. */
async function signInAndSendCode(client: TestClient, email: string, password: string) {
  const signIn = await client.json<{ twoFactorRedirect?: boolean }>(
    "POST",
    "/api/auth/sign-in/email",
    { email, password },
  );
  expect(signIn.body.twoFactorRedirect).toBe(true);
  return client.request("POST", "/api/auth/two-factor/send-otp", {});
}

async function expectLimited(res: Response) {
  expect(res.status).toBe(429);
  const retryAfter = Number(res.headers.get("retry-after"));
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(60 * 60);
  expect(((await res.json()) as ErrorBody).error).toMatchObject({
    code: "RATE_LIMITED",
    message: APP_MSG.tooManyRequests,
  });
}

describe("e-mailed sign-in codes are capped per account and per address", () => {
  it("per account: 5 codes an hour, from any addresses; the 6th request is refused with 429 and sends nothing", async () => {
    const { email, password, client: signedIn } = await buildUserWithTwoFactor(); // code 1: turning them on
    for (let i = 2; i <= 5; i++)
      expect(
        (await signInAndSendCode(new TestClient(ctx), email, password)).status,
        `code ${i}`,
      ).toBe(200);
    expect(await codeMailsTo(email)).toBe(5);
    await expectLimited(await signInAndSendCode(new TestClient(ctx), email, password));
    // Asking again with the same challenge, or signed in (as when turning codes on), is refused too.
    const client = new TestClient(ctx);
    await expectLimited(await signInAndSendCode(client, email, password));
    await expectLimited(await client.request("POST", "/api/auth/two-factor/send-otp", {}));
    await expectLimited(await signedIn.request("POST", "/api/auth/two-factor/send-otp", {}));
    expect(await codeMailsTo(email)).toBe(5);

    // Another account is not held back by this one.
    const other = await buildUserWithTwoFactor();
    expect((await signInAndSendCode(new TestClient(ctx), other.email, other.password)).status).toBe(
      200,
    );
    expect(await codeMailsTo(other.email)).toBe(2);
  });

  it("per address: 20 codes an hour across accounts; the 21st from that address is refused, other addresses still get theirs", async () => {
    const users = [];
    for (let i = 0; i < 21; i++) users.push(await buildUserWithTwoFactor());
    const address = new TestClient(ctx);
    for (const [i, u] of users.slice(0, 20).entries()) {
      expect(
        (await signInAndSendCode(new TestClient(ctx, address.ip), u.email, u.password)).status,
        `account ${i + 1}`,
      ).toBe(200);
    }
    const last = users[20];
    if (!last) throw new Error("no 21st user");
    await expectLimited(
      await signInAndSendCode(new TestClient(ctx, address.ip), last.email, last.password),
    );
    expect(await codeMailsTo(last.email)).toBe(1); // only the one from turning codes on
    expect((await signInAndSendCode(new TestClient(ctx), last.email, last.password)).status).toBe(
      200,
    );
    expect(await codeMailsTo(last.email)).toBe(2);
  });

  it("a sign-in challenge past its expiry (not yet cleaned up) is counted like any other: the plugin still e-mails its code", async () => {
    const { email, password, id } = await buildUserWithTwoFactor(); // code 1
    const client = new TestClient(ctx);
    expect((await signInAndSendCode(client, email, password)).status).toBe(200); // code 2
    await ctx.services.deps.db
      .update(verification)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(verification.value, id));
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await client.request("POST", "/api/auth/two-factor/send-otp", {})).status);
    expect(statuses).toEqual([200, 200, 200, 429, 429, 429]);
    expect(await codeMailsTo(email)).toBe(5);
  });

  it("a 429 from the code cap is audited as request.rate_limited, once per address, route and window, with no e-mail or code", async () => {
    const { email, password } = await buildUserWithTwoFactor();
    const client = new TestClient(ctx);
    for (let i = 2; i <= 5; i++)
      expect(
        (await signInAndSendCode(new TestClient(ctx, client.ip), email, password)).status,
      ).toBe(200);
    await expectLimited(await signInAndSendCode(client, email, password));
    await expectLimited(await client.request("POST", "/api/auth/two-factor/send-otp", {}));
    const rows = await ctx.services.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "request.rate_limited"), eq(auditLog.ip, client.ip)));
    expect(rows.map((r) => r.details)).toEqual([{ route: "POST /api/auth/two-factor/send-otp" }]);
    expect(JSON.stringify(rows)).not.toContain(email);
  });

  it("Resend: a new code for the same sign-in is e-mailed and is the one that works", async () => {
    const { email, password } = await buildUserWithTwoFactor();
    const client = new TestClient(ctx);
    expect((await signInAndSendCode(client, email, password)).status).toBe(200);
    const first = (await lastMailTo(ctx, email)).text.match(/^(\d{6})$/m)?.[1];
    expect((await client.request("POST", "/api/auth/two-factor/send-otp", {})).status).toBe(200);
    const second = (await lastMailTo(ctx, email)).text.match(/^(\d{6})$/m)?.[1];
    expect(await codeMailsTo(email)).toBe(3);
    if (first !== second)
      expect(
        (await client.json("POST", "/api/auth/two-factor/verify-otp", { code: first })).status,
      ).toBe(401);
    expect(
      (await client.json("POST", "/api/auth/two-factor/verify-otp", { code: second })).status,
    ).toBe(200);
    expect(client.hasSession()).toBe(true);
    // The resent code signed this person in: the session it made reads as theirs.
    expect(await client.json("GET", "/api/me")).toMatchObject({
      status: 200,
      body: { user: { email } },
    });
  });
});
