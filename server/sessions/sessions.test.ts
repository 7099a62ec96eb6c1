import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { APP_MSG } from "../../common/app.js";
import type { SessionList } from "../../common/sessions.js";
import { session } from "../db/schema/index.js";
import { listOutbox } from "../mail/outbox.js";
import {
  TestClient,
  buildUser,
  createTestContext,
  lastMailTo,
  type TestContext,
} from "../../test/harness.js";

const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0";
const SAFARI_IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

type User = Awaited<ReturnType<typeof buildUser>>;

/** A second device of `user`: a client from `ip` with `userAgent`, signed in with the password. */
async function signIn(user: User, { ip, userAgent }: { ip?: string; userAgent?: string } = {}) {
  const client = new TestClient(ctx, ip);
  const res = await client.request(
    "POST",
    "/api/auth/sign-in/email",
    { email: user.email, password: user.password },
    userAgent ? { "user-agent": userAgent } : {},
  );
  expect(res.status).toBe(200);
  expect(client.hasSession()).toBe(true);
  return client;
}

/** The 6-digit code in the newest mail to `email`. */
async function codeFor(email: string): Promise<string> {
  const mail = await lastMailTo(ctx, email);
  const code = /^(\d{6})$/m.exec(mail.text)?.[1];
  if (!code) throw new Error(`no code in the mail to ${email}`);
  return code;
}

const list = (client: TestClient) => client.json<SessionList>("GET", "/api/sessions");
const isSignedIn = async (client: TestClient) => (await client.get("/api/me")).status === 200;
const noticesTo = async (email: string) =>
  (await listOutbox(ctx.services.deps.db, 500)).filter(
    (m) => m.to === email && m.template === "new-device",
  );

describe("GET /api/sessions", () => {
  it("lists the account's own devices only, marks this one, and shows no token or full address", async () => {
    const alice = await buildUser(ctx);
    const phone = await signIn(alice, { ip: "203.0.113.77", userAgent: SAFARI_IPHONE });
    const bob = await buildUser(ctx);
    await signIn(bob);

    const res = await list(alice.client);
    expect(res.status).toBe(200);
    expect(res.body.sessions).toHaveLength(2);
    const current = res.body.sessions.filter((s) => s.isCurrent);
    expect(current).toHaveLength(1);
    const other = res.body.sessions.find((s) => !s.isCurrent);
    expect(other).toEqual({
      id: expect.any(String),
      userAgent: SAFARI_IPHONE,
      network: "203.0.113.0/24",
      signedInAt: expect.any(String),
      lastSeenAt: expect.any(String),
      isCurrent: false,
    });
    const text = JSON.stringify(res.body);
    expect(text).not.toContain("203.0.113.77");
    const tokens = await ctx.services.deps.db.select({ token: session.token }).from(session);
    for (const { token } of tokens) expect(text).not.toContain(token);

    const bobIds = (await list(bob.client)).body.sessions.map((s) => s.id);
    expect(bobIds).toHaveLength(2);
    for (const id of bobIds) expect(res.body.sessions.map((s) => s.id)).not.toContain(id);
    // the phone sees the same two, itself as the current one
    const fromPhone = (await list(phone)).body.sessions;
    expect(fromPhone.find((s) => s.isCurrent)?.id).toBe(other?.id);
  });

  it("answers 401 to a visitor, and better-auth's own session endpoints are not served", async () => {
    const visitor = new TestClient(ctx);
    expect((await visitor.get("/api/sessions")).status).toBe(401);
    const alice = await buildUser(ctx);
    expect((await alice.client.get("/api/auth/list-sessions")).status).toBe(404);
    expect((await alice.client.post("/api/auth/revoke-other-sessions")).status).toBe(404);
    expect((await alice.client.post("/api/auth/revoke-sessions")).status).toBe(404);
    expect((await alice.client.post("/api/auth/revoke-session", { token: "x" })).status).toBe(404);
  });

  it("keeps each device's last-seen time, writing it again once it is a few minutes old", async () => {
    const alice = await buildUser(ctx);
    const { db } = ctx.services.deps;
    const [row] = await list(alice.client).then((r) => r.body.sessions);
    const old = new Date(Date.now() - 60 * 60 * 1000);
    await db.update(session).set({ lastSeenAt: old }).where(eq(session.id, row!.id));
    await alice.client.get("/api/me");
    const [touched] = await db
      .select({ at: session.lastSeenAt })
      .from(session)
      .where(eq(session.id, row!.id));
    expect(Date.now() - touched!.at.getTime()).toBeLessThan(60_000);
  });
});

describe("DELETE /api/sessions/:id", () => {
  it("signs one of the account's other devices out", async () => {
    const alice = await buildUser(ctx);
    const laptop = await signIn(alice);
    const laptopId = (await list(laptop)).body.sessions.find((s) => s.isCurrent)!.id;

    expect((await alice.client.request("DELETE", `/api/sessions/${laptopId}`)).status).toBe(204);
    expect(await isSignedIn(laptop)).toBe(false);
    expect(await isSignedIn(alice.client)).toBe(true);
    expect((await list(alice.client)).body.sessions.map((s) => s.id)).not.toContain(laptopId);
  });

  it("does nothing to someone else's session and answers exactly like a missing one", async () => {
    const alice = await buildUser(ctx);
    const bob = await buildUser(ctx);
    const bobId = (await list(bob.client)).body.sessions[0]!.id;

    const theirs = await alice.client.json("DELETE", `/api/sessions/${bobId}`);
    const missing = await alice.client.json(
      "DELETE",
      "/api/sessions/NoSuchSessionId0123456789abcdef",
    );
    const malformed = await alice.client.json("DELETE", "/api/sessions/%20'%3B--");
    const notFound = {
      error: { code: "NOT_FOUND", message: APP_MSG.notFound, requestId: expect.any(String) },
    };
    for (const res of [theirs, missing, malformed]) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual(notFound);
    }
    expect(await isSignedIn(bob.client)).toBe(true);
    expect((await list(bob.client)).body.sessions.map((s) => s.id)).toContain(bobId);
  });

  it("signs this device out too when asked, clearing its cookie", async () => {
    const alice = await buildUser(ctx);
    const ownId = (await list(alice.client)).body.sessions[0]!.id;
    const res = await alice.client.request("DELETE", `/api/sessions/${ownId}`);
    expect(res.status).toBe(204);
    expect(alice.client.hasSession()).toBe(false);
    expect(await isSignedIn(alice.client)).toBe(false);
  });
});

describe("POST /api/sessions/revoke-others", () => {
  it("signs every other device of the account out and keeps this one (and other accounts')", async () => {
    const alice = await buildUser(ctx);
    const phone = await signIn(alice);
    const tablet = await signIn(alice);
    const bob = await buildUser(ctx);

    expect((await phone.post("/api/sessions/revoke-others")).status).toBe(204);
    expect(await isSignedIn(phone)).toBe(true);
    expect(await isSignedIn(alice.client)).toBe(false);
    expect(await isSignedIn(tablet)).toBe(false);
    expect(await isSignedIn(bob.client)).toBe(true);
    const left = (await list(phone)).body.sessions;
    expect(left).toHaveLength(1);
    expect(left[0]?.isCurrent).toBe(true);
  });

  it("answers 401 to a visitor", async () => {
    expect((await new TestClient(ctx).post("/api/sessions/revoke-others")).status).toBe(401);
  });
});

describe("the new-device notice", () => {
  it("is sent once for a new device, and never for a known one or the account's first", async () => {
    const alice = await buildUser(ctx); // its first device: nothing to compare with
    expect(await noticesTo(alice.email)).toHaveLength(0);

    await signIn(alice, { ip: "198.51.100.20", userAgent: FIREFOX });
    const notices = await noticesTo(alice.email);
    expect(notices).toHaveLength(1);
    expect(notices[0]?.subject).toBe("New sign-in to your Legacy Vault account");
    expect(notices[0]?.text).toContain("Firefox 133 on Linux, network 198.51.100.0/24");
    expect(notices[0]?.text).toContain(`${ctx.env.APP_URL}/reset-password`);
    expect(notices[0]?.text).toContain(`${ctx.env.APP_URL}/profile/security#sessions`);

    // the same browser and system on the same network (another address in it, a newer version): known
    await signIn(alice, { ip: "198.51.100.21", userAgent: FIREFOX.replaceAll("133", "134") });
    expect(await noticesTo(alice.email)).toHaveLength(1);

    // another browser on that network is a new device; so is Firefox on another network
    await signIn(alice, { ip: "198.51.100.21", userAgent: SAFARI_IPHONE });
    await signIn(alice, { ip: "192.0.2.5", userAgent: FIREFOX });
    expect(await noticesTo(alice.email)).toHaveLength(3);
  });

  it("waits, with sign-in codes on, until the code is entered, and then goes once", async () => {
    const alice = await buildUser(ctx);
    expect((await alice.client.post("/api/auth/two-factor/send-otp", {})).status).toBe(200);
    const enable = await alice.client.json("POST", "/api/auth/two-factor/verify-otp", {
      code: await codeFor(alice.email),
    });
    expect(enable.status).toBe(200);

    const phone = new TestClient(ctx, "192.0.2.44");
    const ua = { "user-agent": SAFARI_IPHONE };
    const body = { email: alice.email, password: alice.password };
    const password = await phone.request("POST", "/api/auth/sign-in/email", body, ua);
    expect(await password.json()).toMatchObject({ twoFactorRedirect: true });
    expect(await noticesTo(alice.email)).toHaveLength(0);

    expect((await phone.request("POST", "/api/auth/two-factor/send-otp", {}, ua)).status).toBe(200);
    const code = { code: await codeFor(alice.email) };
    const verify = await phone.request("POST", "/api/auth/two-factor/verify-otp", code, ua);
    expect(verify.status).toBe(200);
    expect(phone.hasSession()).toBe(true);
    const notices = await noticesTo(alice.email);
    expect(notices).toHaveLength(1);
    expect(notices[0]?.text).toContain("Safari 18 on iOS, network 192.0.2.0/24");
  });

  it("writes a known device's last-seen time once a day, not at every sign-in", async () => {
    const alice = await buildUser(ctx);
    const device = { ip: "198.51.100.77", userAgent: FIREFOX };
    const lastSeen = async () =>
      JSON.stringify(
        await ctx.services.deps.db.execute(
          sql`select last_seen_at from sign_in_devices where user_id = ${alice.id} order by last_seen_at`,
        ),
      );
    await signIn(alice, device);
    const first = await lastSeen();
    await signIn(alice, device);
    expect(await lastSeen()).toBe(first);
    await ctx.services.deps.db.execute(
      sql`update sign_in_devices set last_seen_at = now() - interval '2 days' where user_id = ${alice.id}`,
    );
    const twoDaysAgo = await lastSeen();
    await signIn(alice, device);
    expect(await lastSeen()).not.toBe(twoDaysAgo);
    expect(await noticesTo(alice.email)).toHaveLength(1);
  });

  it("keeps no address in clear for the devices it knows", async () => {
    const alice = await buildUser(ctx);
    await signIn(alice, { ip: "198.51.100.99", userAgent: FIREFOX });
    const rows = await ctx.services.deps.db.execute(
      sql`select device_key from sign_in_devices where user_id = ${alice.id}`,
    );
    const text = JSON.stringify(rows);
    expect(text).not.toContain("198.51.100");
    expect(text).not.toContain("Firefox");
  });
});
