import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSION_TTL_SECONDS } from "../../common/auth.js";
import { session } from "../db/schema/index.js";
import { TestClient, buildUser, createTestContext, type TestContext } from "../../test/harness.js";

// The session read of every request (server/sessions/session-read.ts, decision 061): its own answers,
// and the cases it hands to better-auth's getSession.
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const HOUR_MS = 60 * 60 * 1000;

async function signedIn(context = ctx) {
  const { client, id, email } = await buildUser(context);
  const [row] = await context.services.deps.db.select().from(session).where(eq(session.userId, id));
  if (!row) throw new Error("no session");
  return { client, id, email, row };
}

/** Sends `cookie` as the whole Cookie header from a fresh client. */
const meWith = (cookie: string) =>
  new TestClient(ctx).request("GET", "/api/me", undefined, { cookie });

describe("the session read", () => {
  it("reads the user, with the role the actor's routes need, from a signed session cookie", async () => {
    const { client, id, email } = await signedIn();
    const me = await client.json<{ user: { id: string; email: string } }>("GET", "/api/me");
    expect(me).toMatchObject({ status: 200, body: { user: { id, email } } });
    // requireActor answers 404 to a session user without a role
    expect((await client.request("GET", "/api/dashboard")).status).toBe(200);
  });

  it("refuses a cookie whose signature is not the server's, or that has none", async () => {
    const { client, row } = await signedIn();
    const cookie = client.cookieHeader();
    expect((await meWith(cookie)).status).toBe(200);
    const [name, value = ""] = cookie.split("=");
    const signature = decodeURIComponent(value).split(".")[1] ?? "";
    const otherSignature = (signature[0] === "A" ? "B" : "A") + signature.slice(1);
    for (const forged of [
      `${row.token}.${otherSignature}`,
      row.token,
      `${row.token}.`,
      `${row.token}.${signature.slice(0, -1)}`,
    ])
      expect((await meWith(`${name}=${encodeURIComponent(forged)}`)).status).toBe(401);
  });

  it("refuses a session deleted a moment ago (a revoked session stops at once)", async () => {
    const { client, row } = await signedIn();
    await ctx.services.deps.db.delete(session).where(eq(session.id, row.id));
    expect((await client.request("GET", "/api/me")).status).toBe(401);
  });

  it("refuses an expired session, and better-auth deletes it", async () => {
    const { client, row } = await signedIn();
    await ctx.services.deps.db
      .update(session)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(session.id, row.id));
    expect((await client.request("GET", "/api/me")).status).toBe(401);
    const left = await ctx.services.deps.db.select().from(session).where(eq(session.id, row.id));
    expect(left).toEqual([]);
  });

  it("a session due for better-auth's daily refresh is extended by it, and stays signed in", async () => {
    const { client, row } = await signedIn();
    const dueAt = new Date(Date.now() + SESSION_TTL_SECONDS * 1000 - 25 * HOUR_MS);
    await ctx.services.deps.db
      .update(session)
      .set({ expiresAt: dueAt })
      .where(eq(session.id, row.id));
    expect((await client.request("GET", "/api/me")).status).toBe(200);
    const [after] = await ctx.services.deps.db.select().from(session).where(eq(session.id, row.id));
    expect(after?.expiresAt.getTime()).toBeGreaterThan(dueAt.getTime() + HOUR_MS);
  });

  it("reads the __Secure- cookie of an app served over https", async () => {
    const httpsCtx = await createTestContext({ APP_URL: "https://vault.example.com" });
    try {
      const { client, id } = await signedIn(httpsCtx);
      expect(client.cookieHeader()).toMatch(/^__Secure-lv\.session_token=/);
      const me = await client.json<{ user: { id: string } }>("GET", "/api/me");
      expect(me).toMatchObject({ status: 200, body: { user: { id } } });
    } finally {
      await httpsCtx.close();
    }
  });
});
