import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { APP_MSG } from "../../common/app.js";
import { profiles } from "../db/schema/index.js";
import { buildFirm } from "../../test/factories/firm.js";
import {
  GOOD_PASSWORD,
  TestClient,
  buildUser,
  createTestContext,
  uniqueEmail,
  type TestContext,
} from "../../test/harness.js";
import { generateFirmCode } from "./generate.js";

type ErrorBody = { error: { code: string; message: string } };

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

/** A code of the new format that no firm has (a 1 in 10^11 chance otherwise). */
const unknownCode = generateFirmCode;
const lookup = (client: TestClient, code: string, cookie?: string) =>
  client.request(
    "GET",
    `/api/firms/lookup?code=${encodeURIComponent(code)}`,
    undefined,
    cookie ? { cookie } : {},
  );
const join = (client: TestClient, code: string, cookie?: string) =>
  client.request("POST", "/api/firms/join", { code }, cookie ? { cookie } : {});

async function expectLimited(res: Response) {
  expect(res.status).toBe(429);
  const retryAfter = Number(res.headers.get("retry-after"));
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(60 * 60);
  expect(((await res.json()) as ErrorBody).error).toEqual({
    code: "RATE_LIMITED",
    message: APP_MSG.tooManyRequests,
    requestId: expect.any(String),
  });
}

describe("firm-code guesses are limited per address and per account (10 an hour)", () => {
  it("per address: after 10 codes that found no firm, the 11th look-up from that address gets 429, even with a valid code", async () => {
    const { firmCode, firmName } = await buildFirm(ctx);
    const visitor = new TestClient(ctx);
    for (let i = 1; i <= 10; i++)
      expect((await lookup(visitor, unknownCode())).status, `look-up ${i}`).toBe(404);
    await expectLimited(await lookup(visitor, firmCode));
    const elsewhere = await lookup(new TestClient(ctx), firmCode);
    expect(elsewhere.status).toBe(200);
    expect(((await elsewhere.json()) as { firm: { name: string } }).firm.name).toBe(firmName);
  });

  it("per address: joins by different accounts and registrations with a code share the address's budget with look-ups", async () => {
    const { firmCode } = await buildFirm(ctx);
    const address = new TestClient(ctx);
    for (let i = 1; i <= 3; i++)
      expect((await lookup(address, unknownCode())).status, `look-up ${i}`).toBe(404);
    for (let i = 1; i <= 4; i++) {
      const { client } = await buildUser(ctx);
      expect((await join(address, unknownCode(), client.cookieHeader())).status, `join ${i}`).toBe(
        404,
      );
    }
    for (let i = 1; i <= 3; i++) {
      const res = await address.request("POST", "/api/register", {
        name: "Guesser",
        email: uniqueEmail(),
        password: GOOD_PASSWORD,
        firmCode: unknownCode(),
      });
      expect(res.status, `registration ${i}`).toBe(400);
    }
    const { client } = await buildUser(ctx);
    await expectLimited(await join(address, firmCode, client.cookieHeader()));
    expect((await join(client, firmCode)).status).toBe(200); // the account, from its own address
  });

  it("per account: a signed-in user's failed look-ups and joins from many addresses are limited together", async () => {
    const { firmCode } = await buildFirm(ctx);
    const { client, id } = await buildUser(ctx);
    const cookie = client.cookieHeader();
    for (let i = 1; i <= 5; i++)
      expect(
        (await lookup(new TestClient(ctx), unknownCode(), cookie)).status,
        `look-up ${i}`,
      ).toBe(404);
    for (let i = 1; i <= 5; i++)
      expect((await join(new TestClient(ctx), unknownCode(), cookie)).status, `join ${i}`).toBe(
        404,
      );
    const office = new TestClient(ctx);
    await expectLimited(await lookup(office, firmCode, cookie));
    await expectLimited(await join(new TestClient(ctx), firmCode, cookie));
    // The refused requests did not use up the address's own budget (a colleague's there).
    for (let i = 1; i <= 12; i++) await expectLimited(await lookup(office, unknownCode(), cookie));
    for (let i = 1; i <= 9; i++)
      expect((await lookup(office, unknownCode())).status, `colleague's miss ${i}`).toBe(404);
    expect((await lookup(office, firmCode)).status).toBe(200);
    const me = await client.json<{ user: { id: string; firmId: string | null } }>("GET", "/api/me");
    expect(me.body.user).toMatchObject({ id, firmId: null });
    // Someone else, signed in or not, from a fresh address, is not held back by this account.
    expect((await lookup(new TestClient(ctx), firmCode)).status).toBe(200);
    const other = await buildUser(ctx);
    expect((await join(other.client, firmCode)).status).toBe(200);
  });

  it("codes that find their firm do not count: 15 look-ups of a valid code from one address all answer", async () => {
    const { firmCode } = await buildFirm(ctx);
    const visitor = new TestClient(ctx);
    for (let i = 1; i <= 15; i++)
      expect((await lookup(visitor, firmCode)).status, `look-up ${i}`).toBe(200);
    for (let i = 1; i <= 9; i++)
      expect((await lookup(visitor, unknownCode())).status, `miss ${i}`).toBe(404);
    expect((await lookup(visitor, firmCode)).status).toBe(200);
  });

  it("concurrent misses cannot slip past the limit", async () => {
    const visitor = new TestClient(ctx);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => lookup(visitor, unknownCode())),
    );
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 404)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
  });
});

describe("what people type is normalised", () => {
  it("look-up and join accept a code in lower case, with spaces and with a grouping hyphen", async () => {
    const { firmCode, firmId, firmName } = await buildFirm(ctx);
    const typed = `${firmCode.slice(0, 4)}-${firmCode.slice(4)}`.toLowerCase();
    for (const variant of [
      typed,
      ` ${typed.replace("-", " ")} `,
      typed.replace("-", " - "),
      typed.replace("-", "\u2013"),
    ]) {
      const res = await lookup(new TestClient(ctx), variant);
      expect(res.status, JSON.stringify(variant)).toBe(200);
    }
    const joiner = await buildUser(ctx);
    const res = await joiner.client.json("POST", "/api/firms/join", { code: typed });
    expect(res).toEqual({ status: 200, body: { firm: { id: firmId, name: firmName } } });
  });

  it("registration with a typed code (lower case, hyphen) ties the account to the firm", async () => {
    const { firmCode, firmId } = await buildFirm(ctx);
    const typed = `${firmCode.slice(0, 4)}-${firmCode.slice(4)}`.toLowerCase();
    const email = uniqueEmail();
    const res = await new TestClient(ctx).request("POST", "/api/register", {
      name: "Typist",
      email,
      password: GOOD_PASSWORD,
      firmCode: typed,
    });
    expect(res.status).toBe(200);
    const [profile] = await ctx.services.deps.db
      .select({ firmId: profiles.firmId })
      .from(profiles)
      .where(eq(profiles.email, email));
    expect(profile?.firmId).toBe(firmId);
  });
});
