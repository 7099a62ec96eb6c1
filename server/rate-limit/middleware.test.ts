import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  GOOD_PASSWORD,
  TestClient,
  createTestContext,
  uniqueEmail,
  type TestContext,
} from "../../test/harness.js";
import { RATE_LIMIT_RULES } from "./rules.js";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const stranger = () => new TestClient(ctx);
const post = (path: string, body: unknown) => stranger().request("POST", path, body);

/** A firm that may be claimed: its id and claim secret. */
async function claimableFirm() {
  const res = await stranger().json<{ id: string; claimSecret: string }>("POST", "/api/firms", {
    name: `Firm ${randomUUID().slice(0, 8)} LLP`,
  });
  if (res.status !== 201) throw new Error(`create firm failed: ${res.status}`);
  return { firmId: res.body.id, claimSecret: res.body.claimSecret };
}

type MailRoute = {
  path: string;
  valid(email: string): Promise<unknown>;
  invalid(email: string): unknown[];
};

/** The routes whose per-account limit is on mail sent: a valid request, and requests naming the account that send nothing. */
const MAIL_ROUTES: MailRoute[] = [
  {
    path: "/api/register",
    valid: async (email) => ({ name: "Test User", email, password: GOOD_PASSWORD }),
    invalid: (email) => [{ email }, { name: "Test User", email, password: "short" }],
  },
  {
    path: "/api/auth/send-verification-email",
    valid: async (email) => ({ email }),
    invalid: (email) => [{ email, callbackURL: 5 }, { email: [email] }],
  },
  {
    path: "/api/auth/request-password-reset",
    valid: async (email) => ({ email, redirectTo: "/update-password" }),
    invalid: (email) => [
      { email, redirectTo: 5 },
      { email, redirectTo: true },
    ],
  },
  {
    path: "/api/legacy/code",
    valid: async (email) => ({ email }),
    invalid: (email) => [{ email, x: 1 }, { email: [email] }],
  },
  {
    path: "/api/verifier/report/code",
    valid: async (email) => ({ email }),
    invalid: (email) => [{ email, x: 1 }, { email: [email] }],
  },
  {
    path: "/api/firms/claim",
    valid: async (email) => ({
      ...(await claimableFirm()),
      name: "Firm Admin",
      email,
      password: GOOD_PASSWORD,
    }),
    invalid: (email) => [
      { email },
      {
        firmId: randomUUID(),
        claimSecret: "s".repeat(24),
        name: "Firm Admin",
        email,
        password: GOOD_PASSWORD,
      },
    ],
  },
];

describe("per-account limits on mail (docs/decisions/003, 017)", () => {
  it("cover every rule with a per-account limit but the code checks (the portal's, the verifiers' sign-in)", () => {
    const perAccount = RATE_LIMIT_RULES.filter((r) => r.perAccount).map((r) => r.path);
    expect(perAccount.sort()).toEqual(
      [
        ...MAIL_ROUTES.map((r) => r.path),
        "/api/legacy/verify",
        "/api/verifier/report/sign-in",
      ].sort(),
    );
  });

  for (const route of MAIL_ROUTES) {
    it(`${route.path}: a stranger's requests that send nothing do not use up the account's limit; sent ones stop at 3 per 10 min`, async () => {
      const email = uniqueEmail("victim");
      for (let round = 0; round < 3; round++) {
        for (const body of route.invalid(email)) {
          const res = await post(route.path, body);
          expect(res.status, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
          expect(res.status, JSON.stringify(body)).toBeLessThan(429);
        }
      }
      for (let i = 1; i <= 3; i++) {
        const res = await post(route.path, await route.valid(email));
        expect(res.status, `valid request ${i}: ${await res.clone().text()}`).toBeLessThan(300);
      }
      const over = await post(route.path, await route.valid(email));
      expect(over.status).toBe(429);
      expect(Number(over.headers.get("retry-after"))).toBeGreaterThan(0);
    });
  }

  it("concurrent requests cannot get past the limit: each is counted before it runs", async () => {
    const email = uniqueEmail("victim");
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => post("/api/legacy/code", { email })),
    );
    expect(answers.filter((r) => r.status === 200)).toHaveLength(3);
    expect(answers.filter((r) => r.status === 429)).toHaveLength(5);
    // The refused ones gave their hit back, but the three that went still fill the window.
    expect((await post("/api/legacy/code", { email })).status).toBe(429);
  });

  it("/api/legacy/verify: every code checked counts toward the account, requests refused as malformed do not", async () => {
    const email = uniqueEmail("beneficiary");
    for (let i = 0; i < 12; i++)
      expect(
        (await post("/api/legacy/verify", { email, code: "12" })).status,
        `malformed ${i}`,
      ).toBe(400);
    for (let i = 1; i <= 10; i++)
      expect(
        (await post("/api/legacy/verify", { email, code: "123456" })).status,
        `guess ${i}`,
      ).toBe(400);
    const over = await post("/api/legacy/verify", { email, code: "123456" });
    expect(over.status).toBe(429);
    expect(Number(over.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});

describe("HEAD requests", () => {
  it("are limited by the GET rule of their path, on the same counter", async () => {
    const client = stranger();
    const path = `/api/invitations/check?email=${encodeURIComponent(uniqueEmail())}&code=ABCDEFGH`;
    const max =
      RATE_LIMIT_RULES.find((r) => r.method === "GET" && r.path === "/api/invitations/check")?.perIp
        .max ?? 0;
    for (let i = 1; i <= max; i++)
      expect((await client.request(i % 2 ? "HEAD" : "GET", path)).status, `request ${i}`).not.toBe(
        429,
      );
    expect((await client.request("HEAD", path)).status).toBe(429);
    expect((await client.request("GET", path)).status).toBe(429);
  });
});
