import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "../db/schema/index.js";
import {
  GOOD_PASSWORD,
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

describe("sign-in and sign-out", () => {
  it("sets an httpOnly, SameSite=Lax session cookie (not Secure on http://localhost)", async () => {
    const { email, password } = await buildUser(ctx);
    const client = new TestClient(ctx);
    const res = await client.request("POST", "/api/auth/sign-in/email", { email, password });
    expect(res.status).toBe(200);
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith("lv.session_token="));
    expect(cookie).toBeDefined();
    const attrs = (cookie ?? "").split(";").map((a) => a.trim().toLowerCase());
    expect(attrs).toContain("httponly");
    expect(attrs).toContain("samesite=lax");
    expect(attrs).toContain("path=/");
    expect(attrs).not.toContain("secure");
    const me = await client.json<{ user: { email: string } }>("GET", "/api/me");
    expect(me.body.user.email).toBe(email);
  });

  it("marks the cookie Secure when the app is served over https", async () => {
    const httpsCtx = await createTestContext({ APP_URL: "https://vault.example.com" });
    try {
      const { email, password } = await buildUser(httpsCtx);
      const res = await new TestClient(httpsCtx).request("POST", "/api/auth/sign-in/email", {
        email,
        password,
      });
      expect(res.status).toBe(200);
      const cookie = res.headers.getSetCookie().find((c) => c.includes("lv.session_token="));
      const attrs = (cookie ?? "").split(";").map((a) => a.trim().toLowerCase());
      expect(attrs).toEqual(expect.arrayContaining(["secure", "httponly", "samesite=lax"]));
    } finally {
      await httpsCtx.close();
    }
  });

  it("a wrong password answers 401 'Invalid email or password' and sets no session", async () => {
    const { email } = await buildUser(ctx);
    const client = new TestClient(ctx);
    const res = await client.json<ErrorBody>("POST", "/api/auth/sign-in/email", {
      email,
      password: "Wrong-Password-123",
    });
    expect(res.status).toBe(401);
    expect(res.body.error.message).toBe("Invalid email or password");
    expect(client.hasSession()).toBe(false);
  });

  it("an unknown address answers exactly like a wrong password", async () => {
    const client = new TestClient(ctx);
    const res = await client.json<ErrorBody>("POST", "/api/auth/sign-in/email", {
      email: uniqueEmail(),
      password: GOOD_PASSWORD,
    });
    expect(res.status).toBe(401);
    expect(res.body.error.message).toBe("Invalid email or password");
  });

  it("an unconfirmed account answers 403 'Email not confirmed'", async () => {
    const email = uniqueEmail();
    const client = new TestClient(ctx);
    await client.post("/api/register", { name: "Una Confirmed", email, password: GOOD_PASSWORD });
    const res = await client.json<ErrorBody>("POST", "/api/auth/sign-in/email", {
      email,
      password: GOOD_PASSWORD,
    });
    expect(res.status).toBe(403);
    expect(res.body.error.message).toBe("Email not confirmed");
    expect(client.hasSession()).toBe(false);
  });

  it("sign-out ends the session on the server, not just in the browser", async () => {
    const { client } = await buildUser(ctx);
    const stolenCookie = client.cookieHeader();
    expect((await client.get("/api/me")).status).toBe(200);
    expect((await client.post("/api/auth/sign-out")).status).toBe(200);
    expect(client.hasSession()).toBe(false);
    expect((await client.get("/api/me")).status).toBe(401);
    const replay = await new TestClient(ctx).request("GET", "/api/me", undefined, {
      cookie: stolenCookie,
    });
    expect(replay.status).toBe(401);
  });

  it("writes failed sign-ins to the audit log, without the password", async () => {
    const { email } = await buildUser(ctx);
    const client = new TestClient(ctx);
    const wrongPassword = `Wrong-${uniqueEmail()}`;
    await client.post("/api/auth/sign-in/email", { email, password: wrongPassword });
    await client.post("/api/auth/sign-in/email", { email: uniqueEmail(), password: wrongPassword });
    const { db } = ctx.services.deps;
    const rows = await db.select().from(auditLog).where(eq(auditLog.ip, client.ip));
    expect(rows.filter((r) => r.action === "auth.sign_in_failed")).toHaveLength(2);
    const everything = JSON.stringify(await db.select().from(auditLog));
    expect(everything).not.toContain(wrongPassword);
    expect(everything).not.toContain(GOOD_PASSWORD);
  });

  it("writes a successful sign-in to the audit log under the user's id", async () => {
    const { email, password, id } = await buildUser(ctx);
    const client = new TestClient(ctx);
    await client.post("/api/auth/sign-in/email", { email, password });
    const rows = await ctx.services.deps.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.ip, client.ip));
    expect(rows.map((r) => [r.action, r.actorId])).toEqual([["auth.session_created", id]]);
  });

  it("one sign-in at a time (SIGN_IN_CONCURRENCY=1): sign-ins sent at once all get their answer, failed ones included", async () => {
    const oneAtATime = await createTestContext({ SIGN_IN_CONCURRENCY: "1" });
    try {
      const users = [await buildUser(oneAtATime), await buildUser(oneAtATime)];
      const attempts = [
        ...users.map((u) => ({ email: u.email, password: u.password })),
        { email: users[0]?.email, password: "Wrong-Password-123" },
        { email: uniqueEmail(), password: GOOD_PASSWORD },
        ...users.map((u) => ({ email: u.email, password: u.password })),
      ];
      const answers = await Promise.all(
        attempts.map((body) =>
          new TestClient(oneAtATime).request("POST", "/api/auth/sign-in/email", body),
        ),
      );
      expect(answers.map((r) => r.status)).toEqual([200, 200, 401, 401, 200, 200]);
    } finally {
      await oneAtATime.close();
    }
  });
});
