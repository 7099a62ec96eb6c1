import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SessionKeyView } from "../../common/keys.js";
import { buildAsset } from "../../test/factories/assets.js";
import { buildFirm } from "../../test/factories/firm.js";
import { buildInvitedMember } from "../../test/factories/people.js";
import { portalClient, releaseByAttestation } from "../../test/factories/release.js";
import {
  TestClient,
  buildUser,
  createTestContext,
  uniqueEmail,
  type TestContext,
} from "../../test/harness.js";
import { createOffsetClock } from "../clock.js";
import { legacySessions } from "../db/schema/index.js";

/**
 * GET /api/legacy/tab-key (decision 075): the key that wraps the access keys a beneficiary brought
 * in their tab's sessionStorage. One per portal session, found by that session's cookie only, gone
 * with the session; nobody without a live portal session (or a signed-in account with a confirmed
 * address) gets one.
 */
let ctx: TestContext;
const clock = createOffsetClock();
/** One address per test (a portal sends an address 3 codes per 10 minutes), and one left something else. */
const heirs = ["heir-a", "heir-b", "heir-c"].map((name) => uniqueEmail(name));
const [heirA = "", heirB = "", heirC = ""] = heirs;
const otherHeir = uniqueEmail("other-heir");

beforeAll(async () => {
  ctx = await createTestContext({}, { clock });
  const firm = await buildFirm(ctx);
  const owner = await buildInvitedMember(ctx, firm.admin, "regular_user", "Olga Owner");
  await buildAsset(owner.client, { title: "Bank", beneficiaryEmails: heirs });
  await buildAsset(owner.client, { title: "Letter", beneficiaryEmails: [otherHeir] });
  await releaseByAttestation(ctx, clock, { firmAdmin: firm.admin, owner });
});
afterAll(() => ctx.close());

const tabKey = (client: TestClient) => client.json<SessionKeyView>("GET", "/api/legacy/tab-key");
const refused = { status: 401, message: "Confirm your e-mail address with a code first" };
async function expectRefused(client: TestClient, cookie?: string) {
  const res = await client.request("GET", "/api/legacy/tab-key", undefined, {
    ...(cookie ? { cookie } : {}),
  });
  const body = (await res.json()) as { error?: { message?: string } };
  expect({ status: res.status, message: body.error?.message }).toEqual(refused);
}

describe("a portal session's tab key", () => {
  it("is its own: 32 bytes, the same on every call, another for another session or beneficiary", async () => {
    const first = await portalClient(ctx, heirA);
    const res = await first.request("GET", "/api/legacy/tab-key");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const key = ((await res.json()) as SessionKeyView).sessionKey;
    expect(Buffer.from(key, "base64")).toHaveLength(32);
    expect((await tabKey(first)).body.sessionKey).toBe(key);

    const second = await portalClient(ctx, heirA); // the same address in another browser
    const theirs = await portalClient(ctx, otherHeir);
    const keys = [
      key,
      (await tabKey(second)).body.sessionKey,
      (await tabKey(theirs)).body.sessionKey,
    ];
    expect(new Set(keys).size).toBe(3);
  });

  it("goes with the session: sign-out deletes it, and a new session gets a new one", async () => {
    const client = await portalClient(ctx, heirB);
    const before = (await tabKey(client)).body.sessionKey;
    const stored = await ctx.services.deps.db
      .select({ tabKey: legacySessions.tabKey })
      .from(legacySessions)
      .where(eq(legacySessions.email, heirB));
    expect(stored.map((r) => r.tabKey?.toString("base64"))).toContain(before);

    expect((await client.post("/api/legacy/sign-out")).status).toBe(200);
    await expectRefused(client);
    const after = await portalClient(ctx, heirB);
    expect((await tabKey(after)).body.sessionKey).not.toBe(before);
  });

  it("is refused to a browser without a live portal session, as the portal's other routes are", async () => {
    await expectRefused(new TestClient(ctx));
    await expectRefused(new TestClient(ctx), `lv_legacy=${randomBytes(32).toString("base64url")}`);
    // Expired (portal sessions last 8 hours): refused, though its row is still there.
    const client = await portalClient(ctx, heirC);
    expect((await tabKey(client)).status).toBe(200);
    clock.advance(9 * 3_600_000);
    await expectRefused(client);
  });

  it("for a signed-in account with a confirmed address, is that session's own key", async () => {
    const user = await buildUser(ctx);
    const own = await user.client.json<SessionKeyView>("GET", "/api/vault/session-key");
    const res = await tabKey(user.client);
    expect(res.status).toBe(200);
    expect(res.body.sessionKey).toBe(own.body.sessionKey);
  });
});
