import { randomBytes, randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BODY_ENCODINGS } from "../../test/body-encodings.js";
import { GOOD_PASSWORD, TestClient, createTestContext, rowsOf, uniqueEmail, type TestContext } from "../../test/harness.js";
import { RATE_LIMIT_RULES } from "./rules.js";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

/** What each route needs besides the e-mail for its handler to get as far as it can. */
const EXTRA_FIELDS: Record<string, Record<string, string>> = {
  "/api/register": { name: "Test User", password: GOOD_PASSWORD },
  "/api/auth/request-password-reset": { redirectTo: "/update-password" },
  "/api/legacy/verify": { code: "123456" },
  "/api/firms/claim": { firmId: randomUUID(), claimSecret: "s".repeat(24), name: "Firm Admin", password: GOOD_PASSWORD },
};

const perAccountRules = RATE_LIMIT_RULES.filter((r) => r.perAccount && r.method === "POST");

describe("per-account limits, whatever the body's encoding", () => {
  it("covers every mail-sending route", () => {
    const paths = perAccountRules.map((r) => r.path);
    for (const path of ["/api/register", "/api/auth/send-verification-email", "/api/auth/request-password-reset", "/api/legacy/code", "/api/firms/claim"]) {
      expect(paths).toContain(path);
    }
  });

  for (const rule of perAccountRules) {
    for (const encoding of BODY_ENCODINGS) {
      it(`${rule.path}: requests sent as ${encoding.name} count toward the account`, async () => {
        const email = uniqueEmail("acct");
        const max = rule.perAccount?.max ?? 0;
        // The address as someone might type it: other case, spaces around it.
        const body = { ...EXTRA_FIELDS[rule.path], email: `  ${email.toUpperCase()} ` };
        let worked = 0;
        for (let i = 1; i <= max; i++) {
          const res = await encoding.send(new TestClient(ctx), rule.path, body);
          expect(res.status, `attempt ${i}`).not.toBe(429);
          if (res.status !== 415) worked++;
        }
        // JSON of any casing is never refused for its type; a body refused as 415 did no work, and may or may not count.
        if (/json/i.test(encoding.name)) expect(worked).toBe(max);
        const next = await new TestClient(ctx).request("POST", rule.path, { ...EXTRA_FIELDS[rule.path], email });
        if (worked === max) {
          expect(next.status).toBe(429);
          expect(Number(next.headers.get("retry-after"))).toBeGreaterThan(0);
        }
      });
    }
  }

  it("an e-mail of thousands of characters never reaches a key's index: no 5xx, and every key stays short", async () => {
    const long = `${randomBytes(3000).toString("hex")}@example.com`;
    for (const rule of [...perAccountRules, { path: "/api/auth/sign-in/email" }]) {
      const res = await new TestClient(ctx).request("POST", rule.path, { ...EXTRA_FIELDS[rule.path], password: "Wrong-Password-123", email: long });
      expect(res.status, rule.path).toBeLessThan(500);
    }
    const [row] = rowsOf<{ longest: number }>(await ctx.services.deps.db.execute(sql`select max(length(key))::int as longest from rate_limits`));
    expect(row?.longest).toBeLessThan(200);
  });
});
