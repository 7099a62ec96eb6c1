import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DELIVERY_MSG, type DeliveryListView, type DeliveryView } from "../../common/deliveries.js";
import type { LegacyItemDetail, LegacyItemsView } from "../../common/legacy.js";
import { dataKeyOf } from "../../test/factories/assets.js";
import {
  createBeneficiaryKey,
  openBeneficiaryWrap,
} from "../../test/factories/beneficiary-keys.js";
import { vaultWithFallbacks as buildVault } from "../../test/factories/fallbacks.js";
import { buildFirm } from "../../test/factories/firm.js";
import { buildInvitedMember } from "../../test/factories/people.js";
import {
  DAY_MS,
  mailsTo,
  portalClient,
  releaseByAttestation,
} from "../../test/factories/release.js";
import {
  TestClient,
  buildUser,
  createTestContext,
  rowsOf,
  type TestContext,
} from "../../test/harness.js";
import { createOffsetClock } from "../clock.js";
import { activateDueFallbacks } from "./fallbacks.js";

let ctx: TestContext;
const clock = createOffsetClock();
beforeAll(async () => {
  ctx = await createTestContext({}, { clock });
});
afterAll(() => ctx.close());
const vaultWithFallbacks = () => buildVault(ctx);

const grants = async (assetId: string) =>
  rowsOf<{ email: string; position: number | null }>(
    await ctx.services.deps.db.execute(
      sql`select beneficiary_email as email, fallback_position as position from release_items where asset_id = ${assetId} order by coalesce(fallback_position, 0)`,
    ),
  );

describe("fallbacks in order: the owner's choice", () => {
  it("keeps the people in order with their wraps (never shown back); refuses what cannot be right", async () => {
    const v = await vaultWithFallbacks();
    const got = await v.owner.client.json<DeliveryView>("GET", `/api/deliveries/${v.item.id}`);
    expect(got.body).toEqual({
      assetId: v.item.id,
      delayDays: 0,
      claimDays: 30,
      fallbacks: [
        { email: v.first, position: 1 },
        { email: v.second, position: 2 },
      ],
    });
    const raw = await (await v.owner.client.request("GET", `/api/deliveries/${v.item.id}`)).text();
    for (const f of v.fallbacks) expect(raw).not.toContain(f.wrappedKey);
    const put = (body: unknown) =>
      v.owner.client.json<{ error: { message: string } }>(
        "PUT",
        `/api/deliveries/${v.item.id}`,
        body,
      );
    const [one, two] = v.fallbacks;
    if (!one || !two) throw new Error("two fallbacks");
    // the heir already receives it; a key of another address; twice; four people; odd days
    expect(
      (await put({ delayDays: 0, fallbacks: [{ ...one, email: v.heir }] })).body.error.message,
    ).toBe(DELIVERY_MSG.fallbackIsBeneficiary);
    expect(
      (await put({ delayDays: 0, fallbacks: [{ ...one, beneficiaryKeyId: two.beneficiaryKeyId }] }))
        .body.error.message,
    ).toBe(DELIVERY_MSG.fallbackKeyMismatch);
    expect((await put({ delayDays: 0, fallbacks: [one, one] })).status).toBe(400);
    expect((await put({ delayDays: 0, fallbacks: [one, two, one, two] })).status).toBe(400);
    expect((await put({ delayDays: 0, claimDays: 45 })).status).toBe(400);
    // another owner's key for the same address is not this owner's
    const stranger = await buildUser(ctx);
    const theirs = await createBeneficiaryKey(stranger.client, await dataKeyOf(stranger.client), {
      email: v.first,
    });
    expect(
      (await put({ delayDays: 0, fallbacks: [{ ...one, beneficiaryKeyId: theirs.id }] })).body.error
        .message,
    ).toBe(DELIVERY_MSG.fallbackKeyMismatch);
    // left out: kept; an empty list: none
    expect((await put({ delayDays: 7, claimDays: 60 })).status).toBe(200);
    const kept = await v.owner.client.json<DeliveryView>("GET", `/api/deliveries/${v.item.id}`);
    expect(kept.body.fallbacks).toHaveLength(2);
    expect(kept.body.claimDays).toBe(60);
    expect((await put({ delayDays: 0, fallbacks: [] })).status).toBe(200);
    const none = await v.owner.client.json<DeliveryView>("GET", `/api/deliveries/${v.item.id}`);
    expect(none.body).toEqual({ assetId: v.item.id, delayDays: 0, claimDays: 30, fallbacks: [] });
  });

  it("someone else cannot read or set them: another owner, the firm's admin and staff, signed out", async () => {
    const v = await vaultWithFallbacks();
    const staff = await buildInvitedMember(ctx, v.firm.admin, "firm_staff", "Sam Staff");
    const otherFirm = await buildFirm(ctx);
    const stranger = await buildUser(ctx);
    for (const client of [stranger.client, v.firm.admin, staff.client, otherFirm.admin])
      for (const id of [v.item.id, randomUUID()]) {
        expect((await client.request("GET", `/api/deliveries/${id}`)).status).toBe(404);
        const put = await client.request("PUT", `/api/deliveries/${id}`, {
          delayDays: 0,
          fallbacks: [],
        });
        expect(put.status).toBe(404);
      }
    const signedOut = new TestClient(ctx);
    expect((await signedOut.request("GET", `/api/deliveries/${v.item.id}`)).status).toBe(401);
    const mine = await v.owner.client.json<DeliveryView>("GET", `/api/deliveries/${v.item.id}`);
    expect(mine.body.fallbacks).toHaveLength(2);
    // the owner's list names the people in turn, in order; nobody else's list has the item
    const list = await v.owner.client.json<DeliveryListView>("GET", "/api/deliveries");
    expect(list.body.items.find((i) => i.assetId === v.item.id)).toEqual({
      assetId: v.item.id,
      delayDays: 0,
      fallbacks: [v.first, v.second],
    });
    for (const client of [stranger.client, v.firm.admin, staff.client, otherFirm.admin]) {
      const theirs = await client.json<DeliveryListView>("GET", "/api/deliveries");
      expect(JSON.stringify(theirs.body)).not.toContain(v.item.id);
    }
  });
});

describe("fallbacks in order: the release and the sweep", () => {
  it("the first fallback gets nothing before the heir's time passes; then the item, with its own key", async () => {
    const v = await vaultWithFallbacks();
    await releaseByAttestation(ctx, clock, { firmAdmin: v.firm.admin, owner: v.owner });
    // before activation: the first fallback sees only their own note, never the item or its wrap
    let first = await portalClient(ctx, v.first);
    const list = async (c: TestClient) =>
      (await c.json<LegacyItemsView>("GET", "/api/legacy/items")).body;
    const before = await list(first);
    expect(before.items.map((i) => i.id)).toEqual([v.own.id]);
    expect(JSON.stringify(before)).not.toContain(v.item.id);
    for (const path of ["", "/files/document", "/release-evidence"])
      expect((await first.request("GET", `/api/legacy/items/${v.item.id}${path}`)).status).toBe(
        404,
      );
    // the second one has nothing at all: no code is sent
    const second = new TestClient(ctx);
    await second.post("/api/legacy/code", { email: v.second });
    expect(await mailsTo(ctx, v.second)).toEqual([]);

    clock.advance(30 * DAY_MS - 60_000);
    await activateDueFallbacks(ctx.services.deps);
    expect((await grants(v.item.id)).map((g) => g.email)).toEqual([v.heir]);

    clock.advance(2 * 60_000);
    await activateDueFallbacks(ctx.services.deps);
    await activateDueFallbacks(ctx.services.deps);
    expect(await grants(v.item.id)).toEqual([
      { email: v.heir, position: null },
      { email: v.first, position: 1 },
    ]);
    const told = (await mailsTo(ctx, v.first)).filter((m) => m.template === "fallback-activated");
    expect(told).toHaveLength(1);
    expect(told[0]?.text).not.toContain(v.item.title);
    expect(told[0]?.text).not.toContain(v.heir);

    first = await portalClient(ctx, v.first);
    const opened = await first.json<{ item: LegacyItemDetail }>(
      "GET",
      `/api/legacy/items/${v.item.id}`,
    );
    expect(opened.status).toBe(200);
    if (opened.body.item.key.kind !== "beneficiary-key") throw new Error("expected a wrap");
    expect(opened.body.item.key.beneficiaryKeyId).toBe(v.firstKey.id);
    await openBeneficiaryWrap({
      serverShare: opened.body.item.key.serverShare,
      accessKey: v.firstKey.accessKey,
      assetId: v.item.id,
      wrappedKey: opened.body.item.key.wrappedKey,
    });
    // the second fallback still has nothing; the evidence says who was passed over
    await second.post("/api/legacy/code", { email: v.second });
    expect(await mailsTo(ctx, v.second)).toEqual([]);
    const evidence = rowsOf<{ email: string; entry: string }>(
      await ctx.services.deps.db.execute(
        sql`select beneficiary_email as email, entry from release_evidence where owner_id = ${v.owner.id} and kind = 'fallback_activated'`,
      ),
    );
    expect(evidence.map((e) => [e.email, JSON.parse(e.entry).data])).toEqual([
      [
        v.first,
        {
          assetId: v.item.id,
          position: 1,
          reason: "not_claimed",
          passedOver: [v.heir],
          beneficiary: v.first,
        },
      ],
    ]);
    // the first fallback claimed it: nobody else is needed
    clock.advance(31 * DAY_MS);
    await activateDueFallbacks(ctx.services.deps);
    expect((await grants(v.item.id)).map((g) => g.email)).toEqual([v.heir, v.first]);
  });

  it("a claimed item goes no further; an unclaimed one goes down the list once each, two sweeps at once", async () => {
    const claimed = await vaultWithFallbacks();
    const unclaimed = await vaultWithFallbacks();
    await releaseByAttestation(ctx, clock, {
      firmAdmin: claimed.firm.admin,
      owner: claimed.owner,
    });
    await releaseByAttestation(ctx, clock, {
      firmAdmin: unclaimed.firm.admin,
      owner: unclaimed.owner,
    });
    const heir = await portalClient(ctx, claimed.heir);
    expect((await heir.request("GET", `/api/legacy/items/${claimed.item.id}`)).status).toBe(200);
    clock.advance(31 * DAY_MS);
    await Promise.all([
      activateDueFallbacks(ctx.services.deps, { batch: 1 }),
      activateDueFallbacks(ctx.services.deps, { batch: 1 }),
    ]);
    expect((await grants(claimed.item.id)).map((g) => g.email)).toEqual([claimed.heir]);
    expect((await grants(unclaimed.item.id)).map((g) => g.email)).toEqual([
      unclaimed.heir,
      unclaimed.first,
    ]);
    clock.advance(31 * DAY_MS);
    await Promise.all([
      activateDueFallbacks(ctx.services.deps, { batch: 1 }),
      activateDueFallbacks(ctx.services.deps, { batch: 1 }),
    ]);
    clock.advance(31 * DAY_MS);
    await activateDueFallbacks(ctx.services.deps);
    expect((await grants(unclaimed.item.id)).map((g) => g.email)).toEqual([
      unclaimed.heir,
      unclaimed.first,
      unclaimed.second,
    ]);
    expect(
      (await mailsTo(ctx, unclaimed.second)).filter((m) => m.template === "fallback-activated"),
    ).toHaveLength(1);
    const audit = rowsOf<{ n: number }>(
      await ctx.services.deps.db.execute(
        sql`select count(*)::int as n from audit_log where action = 'release.fallback_activated' and owner_id = ${unclaimed.owner.id}`,
      ),
    );
    expect(audit[0]?.n).toBe(2);
  });
});
