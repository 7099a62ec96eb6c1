import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { APP_MSG } from "../../common/app.js";
import {
  TestClient,
  buildUser,
  createTestContext,
  uniqueEmail,
  type TestContext,
} from "../../test/harness.js";

type ErrorBody = { error: { code: string; message: string } };

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const signIn = (client: TestClient, email: string, password = "Wrong-Password-123") =>
  client.request("POST", "/api/auth/sign-in/email", { email, password });

describe("sign-in rate limits", () => {
  it("per address: the 31st attempt from one IP within 5 minutes gets 429 with Retry-After", async () => {
    const client = new TestClient(ctx);
    for (let i = 1; i <= 30; i++)
      expect((await signIn(client, uniqueEmail())).status, `attempt ${i}`).toBe(401);
    const limited = await signIn(client, uniqueEmail());
    expect(limited.status).toBe(429);
    const retryAfter = Number(limited.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(5 * 60);
    const body = (await limited.json()) as ErrorBody;
    expect(body.error).toEqual({
      code: "RATE_LIMITED",
      message: APP_MSG.tooManyRequests,
      requestId: limited.headers.get("x-request-id"),
    });

    const { email, password } = await buildUser(ctx);
    expect((await signIn(client, email, password)).status).toBe(429);
    const elsewhere = new TestClient(ctx);
    expect((await signIn(elsewhere, email, password)).status).toBe(200);
    expect(elsewhere.hasSession()).toBe(true);
  });

  it("per account: after 5 failures from different IPs, the next attempt waits (docs/decisions/017)", async () => {
    const { email, password } = await buildUser(ctx);
    for (let i = 1; i <= 5; i++)
      expect((await signIn(new TestClient(ctx), email)).status, `attempt ${i}`).toBe(401);
    const limited = await signIn(new TestClient(ctx), email, password);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    // The address is compared case-insensitively, so changing its case does not help.
    expect((await signIn(new TestClient(ctx), email.toUpperCase(), password)).status).toBe(429);

    const other = await buildUser(ctx);
    const client = new TestClient(ctx);
    expect((await signIn(client, other.email, other.password)).status).toBe(200);
    expect(client.hasSession()).toBe(true);
  });
});
