import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "../db/schema/index.js";
import { RATE_LIMIT_RULES } from "../rate-limit/rules.js";
import {
  TestClient,
  buildUser,
  createTestContext,
  uniqueEmail,
  type TestContext,
} from "../../test/harness.js";

/** The proxy in front of the app; TestClients' own addresses are random in 10.0.0.0/8. */
const PROXY = "192.0.2.10";
const RESET = "/api/vault/reset";
const resetLimit =
  RATE_LIMIT_RULES.find((r) => r.method === "POST" && r.path === RESET)?.perIp.max ?? 0;

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ TRUST_PROXY: `${PROXY},2001:db8:ffff::/48` });
});
afterAll(() => ctx.close());

/** Spends `client`'s reset-password allowance, each request claiming to come from `forwardedFor(i)`; returns the statuses. */
async function spendResetLimit(
  client: TestClient,
  forwardedFor: (i: number) => string | undefined,
): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i <= resetLimit; i++) {
    const value = forwardedFor(i);
    const headers: Record<string, string> = value === undefined ? {} : { "x-forwarded-for": value };
    const res = await client.request(
      "POST",
      RESET,
      { token: "not-a-token", newPassword: "Tangerine-Harbour-43" },
      headers,
    );
    statuses.push(res.status);
  }
  return statuses;
}

async function auditIps(actions: string[]): Promise<(string | null)[]> {
  const rows = await ctx.services.deps.db
    .select({ ip: auditLog.ip })
    .from(auditLog)
    .where(inArray(auditLog.action, actions));
  return rows.map((r) => r.ip);
}

describe("client addresses behind a reverse proxy (TRUST_PROXY)", () => {
  it("a spoofed X-Forwarded-For or Forwarded from an untrusted peer changes nothing: its limit and its audit rows are its own", async () => {
    expect(resetLimit).toBeGreaterThan(0);
    const stranger = new TestClient(ctx, "203.0.113.50");
    const statuses = await spendResetLimit(stranger, (i) => `198.51.100.${i + 1}`);
    expect(statuses.slice(0, -1).every((s) => s !== 429)).toBe(true);
    expect(statuses.at(-1)).toBe(429);

    const email = uniqueEmail();
    const headers = { "x-forwarded-for": "198.51.100.99", forwarded: "for=198.51.100.98" };
    const failed = await stranger.request(
      "POST",
      "/api/auth/sign-in/email",
      { email, password: "Wrong-Password-1" },
      headers,
    );
    expect(failed.status).toBe(401);
    const ips = await auditIps(["auth.sign_in_failed"]);
    expect(ips).toContain("203.0.113.50");
    expect(ips).not.toContain("198.51.100.99");
    expect(ips).not.toContain("198.51.100.98");
  });

  it("through a trusted proxy, each real client has its own per-address limits, whatever it prepends to the header", async () => {
    const proxy = new TestClient(ctx, PROXY);
    // the client sent "X-Forwarded-For: <spoof>", the proxy appended its real address
    const statuses = await spendResetLimit(proxy, (i) => `203.0.113.${i + 1}, 198.51.100.20`);
    expect(statuses.slice(0, -1).every((s) => s !== 429)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    // another real client through the same proxy is not held back
    const other = await proxy.request(
      "POST",
      RESET,
      { token: "not-a-token", newPassword: "Tangerine-Harbour-43" },
      { "x-forwarded-for": "198.51.100.21" },
    );
    expect(other.status).toBe(400);
    // nor is the proxy itself, nor an IPv6 client behind a trusted IPv6 hop
    expect(
      (await proxy.request("POST", RESET, { token: "x", newPassword: "Tangerine-Harbour-43" }))
        .status,
    ).toBe(400);
    const v6 = await proxy.request(
      "POST",
      RESET,
      { token: "x", newPassword: "Tangerine-Harbour-43" },
      { "x-forwarded-for": "2001:db8:1::5, 2001:db8:ffff::1" },
    );
    expect(v6.status).toBe(400);
  });

  it("through a trusted proxy, the audit log shows the client's address, not the proxy's", async () => {
    const { email, password } = await buildUser(ctx);
    const proxy = new TestClient(ctx, PROXY);
    const failed = await proxy.request(
      "POST",
      "/api/auth/sign-in/email",
      { email, password: "Wrong-Password-1" },
      { "x-forwarded-for": "198.51.100.30" },
    );
    expect(failed.status).toBe(401);
    const signedIn = await proxy.request(
      "POST",
      "/api/auth/sign-in/email",
      { email, password },
      { "x-forwarded-for": "198.51.100.31" },
    );
    expect(signedIn.status).toBe(200);
    expect(await auditIps(["auth.sign_in_failed"])).toContain("198.51.100.30");
    const userId = (await proxy.json<{ user: { id: string } }>("GET", "/api/me")).body.user.id;
    const sessions = await ctx.services.deps.db
      .select({ ip: auditLog.ip, action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.actorId, userId));
    expect(sessions.filter((r) => r.action === "auth.session_created").map((r) => r.ip)).toContain(
      "198.51.100.31",
    );
    expect(
      (await auditIps(["auth.sign_in_failed", "auth.session_created"])).filter(
        (ip) => ip === PROXY,
      ),
    ).toEqual([]);
  });

  it("is off by default: X-Forwarded-For is never read", async () => {
    const plain = await createTestContext();
    try {
      const proxy = new TestClient(plain, PROXY);
      const res = await proxy.request(
        "POST",
        "/api/auth/sign-in/email",
        { email: uniqueEmail(), password: "Wrong-Password-1" },
        { "x-forwarded-for": "198.51.100.40" },
      );
      expect(res.status).toBe(401);
      const rows = await plain.services.deps.db
        .select({ ip: auditLog.ip })
        .from(auditLog)
        .where(eq(auditLog.action, "auth.sign_in_failed"));
      expect(rows.map((r) => r.ip)).toEqual([PROXY]);
    } finally {
      await plain.close();
    }
  });

  it("with TRUST_PROXY_HEADER=forwarded reads RFC 7239 for= and ignores X-Forwarded-For", async () => {
    const fwd = await createTestContext({ TRUST_PROXY: "1", TRUST_PROXY_HEADER: "forwarded" });
    try {
      const proxy = new TestClient(fwd, PROXY);
      const headers = {
        forwarded: 'for=203.0.113.9, for="[2001:db8::31]:4711";proto=https',
        "x-forwarded-for": "198.51.100.50",
      };
      expect(
        (
          await proxy.request(
            "POST",
            "/api/auth/sign-in/email",
            { email: uniqueEmail(), password: "Wrong-Password-1" },
            headers,
          )
        ).status,
      ).toBe(401);
      const junk = await proxy.request(
        "POST",
        "/api/auth/sign-in/email",
        { email: uniqueEmail(), password: "Wrong-Password-1" },
        { forwarded: 'for="_gazonk' },
      );
      expect(junk.status).toBe(401); // a malformed header falls back to the peer, never a 500
      const rows = await fwd.services.deps.db
        .select({ ip: auditLog.ip })
        .from(auditLog)
        .where(eq(auditLog.action, "auth.sign_in_failed"));
      expect(rows.map((r) => r.ip).sort()).toEqual(["192.0.2.10", "2001:db8::31"]);
    } finally {
      await fwd.close();
    }
  });
});

describe("HTTPS origin", () => {
  it("with APP_URL https, every response carries HSTS; with http, none does", async () => {
    const https = await createTestContext({ APP_URL: "https://vault.example.com" });
    try {
      const client = new TestClient(https);
      for (const res of [
        await client.get("/api/health"),
        await client.get("/api/me"),
        await client.get("/api/no-such-route"),
        await client.get("/"),
      ]) {
        expect(res.headers.get("strict-transport-security")).toBe(
          "max-age=31536000; includeSubDomains",
        );
      }
    } finally {
      await https.close();
    }
    expect(
      (await new TestClient(ctx).get("/api/health")).headers.get("strict-transport-security"),
    ).toBeNull();
  });
});
