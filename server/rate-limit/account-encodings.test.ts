import { randomBytes, randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BODY_ENCODINGS } from "../../test/body-encodings.js";
import {
  GOOD_PASSWORD,
  TestClient,
  createTestContext,
  rowsOf,
  uniqueEmail,
  type TestContext,
} from "../../test/harness.js";
import { listOutbox } from "../mail/outbox.js";
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
  "/api/verifier/report/sign-in": { code: "123456" },
  "/api/firms/claim": {
    firmId: randomUUID(),
    claimSecret: "s".repeat(24),
    name: "Firm Admin",
    password: GOOD_PASSWORD,
  },
};

/**
 * A request that uses up the account's limit (rules.ts chargeAccountFor): one that sends its mail
 * (a claim needs a firm of its own each time), or, on the portal's code check, a code checked.
 */
async function chargedBody(path: string): Promise<Record<string, string>> {
  if (path !== "/api/firms/claim") return { ...EXTRA_FIELDS[path] };
  const firm = await new TestClient(ctx).json<{ id: string; claimSecret: string }>(
    "POST",
    "/api/firms",
    { name: `Firm ${randomUUID().slice(0, 8)} LLP` },
  );
  expect(firm.status).toBe(201);
  return { ...EXTRA_FIELDS[path], firmId: firm.body.id, claimSecret: firm.body.claimSecret };
}

const perAccountRules = RATE_LIMIT_RULES.filter((r) => r.perAccount && r.method === "POST");

/** The address as someone might type it: other case, and for the app's own routes (which trim it) spaces around it. */
const asTyped = (path: string, email: string) =>
  path.startsWith("/api/auth/") ? email.toUpperCase() : `  ${email.toUpperCase()} `;

describe("per-account limits, whatever the body's encoding", () => {
  it("covers every mail-sending route", () => {
    const paths = perAccountRules.map((r) => r.path);
    for (const path of [
      "/api/register",
      "/api/auth/send-verification-email",
      "/api/auth/request-password-reset",
      "/api/legacy/code",
      "/api/firms/claim",
    ]) {
      expect(paths).toContain(path);
    }
  });

  for (const rule of perAccountRules) {
    const max = rule.perAccount?.max ?? 0;
    for (const encoding of BODY_ENCODINGS.filter((e) => /json/i.test(e.name))) {
      it(`${rule.path}: requests sent as ${encoding.name} count toward the account`, async () => {
        const email = uniqueEmail("acct");
        for (let i = 1; i <= max; i++) {
          const res = await encoding.send(new TestClient(ctx), rule.path, {
            ...(await chargedBody(rule.path)),
            email: asTyped(rule.path, email),
          });
          expect(res.status, `attempt ${i}: ${await res.clone().text()}`).not.toBe(429);
          if (rule.chargeAccountFor === "sent")
            expect(res.status, `attempt ${i}`).toBeLessThan(300);
        }
        const next = await new TestClient(ctx).request("POST", rule.path, {
          ...(await chargedBody(rule.path)),
          email,
        });
        expect(next.status).toBe(429);
        expect(Number(next.headers.get("retry-after"))).toBeGreaterThan(0);
      });
    }
    for (const encoding of BODY_ENCODINGS.filter((e) => !/json/i.test(e.name))) {
      it(`${rule.path}: requests sent as ${encoding.name} are refused (415) before any work, and cost the account nothing`, async () => {
        const email = uniqueEmail("acct");
        for (let i = 1; i <= max + 2; i++) {
          const res = await encoding.send(new TestClient(ctx), rule.path, {
            ...(await chargedBody(rule.path)),
            email: asTyped(rule.path, email),
          });
          expect(res.status, `attempt ${i}`).toBe(415);
        }
        // Nothing was sent, nothing checked: the account's whole budget is left, and no more than it.
        expect(
          (await listOutbox(ctx.services.deps.db, 1000)).filter((m) => m.to === email),
        ).toEqual([]);
        for (let i = 1; i <= max; i++) {
          const res = await new TestClient(ctx).request("POST", rule.path, {
            ...(await chargedBody(rule.path)),
            email,
          });
          expect(res.status, `JSON attempt ${i}`).not.toBe(429);
        }
        expect(
          (
            await new TestClient(ctx).request("POST", rule.path, {
              ...(await chargedBody(rule.path)),
              email,
            })
          ).status,
        ).toBe(429);
      });
    }
  }

  it("an e-mail of thousands of characters never reaches a key's index: no 5xx, and every key stays short", async () => {
    const long = `${randomBytes(3000).toString("hex")}@example.com`;
    for (const rule of [...perAccountRules, { path: "/api/auth/sign-in/email" }]) {
      const res = await new TestClient(ctx).request("POST", rule.path, {
        ...EXTRA_FIELDS[rule.path],
        password: "Wrong-Password-123",
        email: long,
      });
      expect(res.status, rule.path).toBeLessThan(500);
    }
    const [row] = rowsOf<{ longest: number }>(
      await ctx.services.deps.db.execute(
        sql`select max(length(key))::int as longest from rate_limits`,
      ),
    );
    expect(row?.longest).toBeLessThan(200);
  });
});
