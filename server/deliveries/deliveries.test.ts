import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DELIVERY_MSG, type DeliveryListView, type DeliveryView } from "../../common/deliveries.js";
import type { LegacyItemDetail, LegacyItemsView } from "../../common/legacy.js";
import { buildAsset, dataKeyOf } from "../../test/factories/assets.js";
import {
  createBeneficiaryKey,
  openBeneficiaryWrap,
} from "../../test/factories/beneficiary-keys.js";
import { buildFirm } from "../../test/factories/firm.js";
import { buildMessage } from "../../test/factories/messages.js";
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
  uniqueEmail,
  type TestContext,
} from "../../test/harness.js";
import { createOffsetClock } from "../clock.js";
import { deliverDueItems } from "./sweep.js";

let ctx: TestContext;
const clock = createOffsetClock();
beforeAll(async () => {
  ctx = await createTestContext({}, { clock });
});
afterAll(() => ctx.close());

const setDelay = (client: TestClient, id: string, delayDays: unknown) =>
  client.json<DeliveryView & { error?: { message: string } }>("PUT", `/api/deliveries/${id}`, {
    delayDays,
  });

/**
 * A firm client leaves `heir` a note at the release, a password 7 days after and a document 30
 * days after, and `other` a note 7 days after; each with a hand-over key.
 */
async function vaultWithDelays() {
  const firm = await buildFirm(ctx);
  const owner = await buildInvitedMember(ctx, firm.admin, "regular_user", "Olga Owner");
  const dk = await dataKeyOf(owner.client);
  const heir = uniqueEmail("heir");
  const other = uniqueEmail("other");
  const now = await buildAsset(owner.client, {
    type: "note",
    beneficiaryEmails: [heir],
    dataKey: dk,
  });
  const week = await buildAsset(owner.client, { beneficiaryEmails: [heir], dataKey: dk });
  const month = await buildAsset(owner.client, {
    type: "note",
    beneficiaryEmails: [heir],
    dataKey: dk,
  });
  const others = await buildAsset(owner.client, {
    type: "note",
    beneficiaryEmails: [other],
    dataKey: dk,
  });
  expect((await setDelay(owner.client, week.id, 7)).status).toBe(200);
  expect((await setDelay(owner.client, month.id, 30)).status).toBe(200);
  expect((await setDelay(owner.client, others.id, 7)).status).toBe(200);
  const key = await createBeneficiaryKey(owner.client, dk, {
    email: heir,
    items: [now, week, month],
  });
  const otherKey = await createBeneficiaryKey(owner.client, dk, { email: other, items: [others] });
  return { firm, owner, heir, other, now, week, month, others, key, otherKey };
}

const evidenceOf = async (ownerId: string, kind: string) =>
  rowsOf<{ email: string | null; entry: string }>(
    await ctx.services.deps.db.execute(
      sql`select beneficiary_email as email, entry from release_evidence where owner_id = ${ownerId} and kind = ${kind} order by seq`,
    ),
  );

describe("items delivered later: the owner's choice", () => {
  it("keeps 0, 7, 30 or 90 days; refuses anything else, a message's, and after the release", async () => {
    const firm = await buildFirm(ctx);
    const owner = await buildInvitedMember(ctx, firm.admin, "regular_user", "Olga Owner");
    const dk = await dataKeyOf(owner.client);
    const item = await buildAsset(owner.client, {
      beneficiaryEmails: [uniqueEmail("b")],
      dataKey: dk,
    });
    const got = await owner.client.json<DeliveryView>("GET", `/api/deliveries/${item.id}`);
    expect(got.body).toEqual({ assetId: item.id, delayDays: 0, claimDays: 30, fallbacks: [] });
    for (const bad of [5, -7, "30", null, 365])
      expect((await setDelay(owner.client, item.id, bad)).status).toBe(400);
    expect((await setDelay(owner.client, item.id, 5)).body.error?.message).toBe(
      DELIVERY_MSG.delayInvalid,
    );
    const ninety = { assetId: item.id, delayDays: 90, claimDays: 30, fallbacks: [] };
    expect((await setDelay(owner.client, item.id, 90)).body).toEqual(ninety);
    expect((await owner.client.json("GET", `/api/deliveries/${item.id}`)).body).toEqual(ninety);
    const message = await buildMessage(owner.client, {
      dataKey: dk,
      recipients: [],
      delivery: { when: "release" },
    });
    const refused = await setDelay(owner.client, message.id, 7);
    expect(refused.status).toBe(400);
    expect(refused.body.error?.message).toBe(DELIVERY_MSG.notForMessages);
    expect((await setDelay(owner.client, message.id, 0)).status).toBe(200);
    const audit = rowsOf<{ n: number }>(
      await ctx.services.deps.db.execute(
        sql`select count(*)::int as n from audit_log where action = 'delivery.set' and subject_id = ${item.id}`,
      ),
    );
    expect(audit[0]?.n).toBe(1);
    await releaseByAttestation(ctx, clock, { firmAdmin: firm.admin, owner });
    expect((await setDelay(owner.client, item.id, 0)).status).toBe(409);
  });

  it("someone else cannot read or set it: another owner, the firm's admin and staff, a beneficiary, signed out", async () => {
    const v = await vaultWithDelays();
    const staff = await buildInvitedMember(ctx, v.firm.admin, "firm_staff", "Sam Staff");
    const stranger = await buildUser(ctx);
    const otherFirm = await buildFirm(ctx);
    for (const client of [stranger.client, v.firm.admin, staff.client, otherFirm.admin])
      for (const id of [v.week.id, randomUUID()]) {
        expect((await client.request("GET", `/api/deliveries/${id}`)).status).toBe(404);
        expect((await setDelay(client, id, 0)).status).toBe(404);
      }
    for (const client of [new TestClient(ctx), await portalClientBeforeRelease(v.heir)]) {
      expect((await client.request("GET", `/api/deliveries/${v.week.id}`)).status).toBe(401);
      expect((await setDelay(client, v.week.id, 0)).status).toBe(401);
    }
    expect((await v.owner.client.json("GET", `/api/deliveries/${v.week.id}`)).body).toEqual({
      assetId: v.week.id,
      delayDays: 7,
      claimDays: 30,
      fallbacks: [],
    });
    // the list (the preview's): the owner's own items only; anyone else's list holds none of them
    const mine = await v.owner.client.json<DeliveryListView>("GET", "/api/deliveries");
    const byId = (list: DeliveryListView) =>
      Object.fromEntries(list.items.map((i) => [i.assetId, [i.delayDays, i.fallbacks]]));
    expect(byId(mine.body)).toEqual({
      [v.week.id]: [7, []],
      [v.month.id]: [30, []],
      [v.others.id]: [7, []],
    });
    for (const client of [stranger.client, v.firm.admin, staff.client, otherFirm.admin]) {
      const theirs = await client.json<DeliveryListView>("GET", "/api/deliveries");
      expect(theirs.status).toBe(200);
      for (const id of [v.week.id, v.month.id, v.others.id])
        expect(byId(theirs.body)[id]).toBe(undefined);
    }
    expect((await new TestClient(ctx).request("GET", "/api/deliveries")).status).toBe(401);
  });
});

/** A browser that tried the portal before any release: no code is sent, no session. */
async function portalClientBeforeRelease(email: string) {
  const client = new TestClient(ctx);
  expect((await client.post("/api/legacy/code", { email })).status).toBe(200);
  return client;
}

describe("items delivered later: the release, the sweep, the portal", () => {
  it("before its day an item opens for nobody; on its day it is mailed, listed and opened", async () => {
    const v = await vaultWithDelays();
    await releaseByAttestation(ctx, clock, { firmAdmin: v.firm.admin, owner: v.owner });
    // the release e-mail counts only what is given now; `other` is told on the day
    const released = (await mailsTo(ctx, v.heir)).filter(
      (m) => m.template === "release-beneficiary-released",
    );
    expect(released).toHaveLength(1);
    expect(released[0]?.text).toContain("an item");
    expect(
      (await mailsTo(ctx, v.other)).some((m) => m.template === "release-beneficiary-released"),
    ).toBe(false);
    const [releasedTo] = (await evidenceOf(v.owner.id, "released_to")).filter(
      (e) => e.email === v.heir,
    );
    expect(JSON.parse(releasedTo?.entry ?? "{}").data).toMatchObject({
      items: [v.now.id],
      waiting: [v.week.id, v.month.id].sort(),
    });

    // a portal session lasts hours: the heir signs in again after each wait
    let portal = await portalClient(ctx, v.heir);
    const list = async () => (await portal.json<LegacyItemsView>("GET", "/api/legacy/items")).body;
    const before = await list();
    expect(before.items.map((i) => i.id)).toEqual([v.now.id]);
    const releasedAt = Date.parse(before.items[0]?.releasedAt ?? "");
    expect(before.upcoming).toEqual([
      { ownerName: "Olga Owner", on: new Date(releasedAt + 7 * DAY_MS).toISOString(), count: 1 },
      { ownerName: "Olga Owner", on: new Date(releasedAt + 30 * DAY_MS).toISOString(), count: 1 },
    ]);
    const listText = JSON.stringify(before);
    for (const a of [v.week, v.month]) {
      expect(listText).not.toContain(a.id);
      expect(listText).not.toContain(a.title);
      for (const path of ["", "/files/document", "/release-evidence"]) {
        const res = await portal.request("GET", `/api/legacy/items/${a.id}${path}`);
        expect(res.status).toBe(404);
      }
    }
    // the sweep finds nothing due before the day
    clock.advance(7 * DAY_MS - 60_000);
    expect(await deliverDueItems(ctx.services.deps)).toBe(0);
    portal = await portalClient(ctx, v.heir);
    expect((await portal.request("GET", `/api/legacy/items/${v.week.id}`)).status).toBe(404);

    // the seventh day: the heir's password and the other's note, once
    clock.advance(60_000);
    expect(await deliverDueItems(ctx.services.deps)).toBe(2);
    expect(await deliverDueItems(ctx.services.deps)).toBe(0);
    for (const to of [v.heir, v.other]) {
      const told = (await mailsTo(ctx, to)).filter((m) => m.template === "items-delivered");
      expect(told).toHaveLength(1);
      expect(told[0]?.subject).toBe("More from Olga Owner's Legacy Vault is ready for you");
      expect(told[0]?.text).toContain("one more item");
      for (const a of [v.week, v.month, v.others]) expect(told[0]?.text).not.toContain(a.title);
    }
    const after = await list();
    expect(after.items.map((i) => i.id).sort()).toEqual([v.now.id, v.week.id].sort());
    expect(after.upcoming).toEqual([
      { ownerName: "Olga Owner", on: new Date(releasedAt + 30 * DAY_MS).toISOString(), count: 1 },
    ]);
    const opened = await portal.json<{ item: LegacyItemDetail }>(
      "GET",
      `/api/legacy/items/${v.week.id}`,
    );
    expect(opened.status).toBe(200);
    if (opened.body.item.key.kind !== "beneficiary-key") throw new Error("expected a wrap");
    await openBeneficiaryWrap({
      serverShare: opened.body.item.key.serverShare,
      accessKey: v.key.accessKey,
      assetId: v.week.id,
      wrappedKey: opened.body.item.key.wrappedKey,
    });
    // access lasts as long from the day as the others' from the release
    const now = after.items.find((i) => i.id === v.now.id);
    const week = after.items.find((i) => i.id === v.week.id);
    expect(Date.parse(week?.accessEndsAt ?? "") - Date.parse(now?.accessEndsAt ?? "")).toBe(
      7 * DAY_MS,
    );
    expect(
      (await portal.request("GET", `/api/legacy/items/${v.week.id}/release-evidence`)).status,
    ).toBe(200);
    // the 30-day one still waits; another beneficiary never sees the heir's
    expect((await portal.request("GET", `/api/legacy/items/${v.month.id}`)).status).toBe(404);
    const otherPortal = await portalClient(ctx, v.other);
    for (const a of [v.week, v.month, v.now])
      expect((await otherPortal.request("GET", `/api/legacy/items/${a.id}`)).status).toBe(404);
    expect((await otherPortal.request("GET", `/api/legacy/items/${v.others.id}`)).status).toBe(200);
    expect((await v.firm.admin.request("GET", `/api/legacy/items/${v.week.id}`)).status).toBe(404);
    expect(
      (await new TestClient(ctx).request("GET", `/api/legacy/items/${v.week.id}`)).status,
    ).toBe(401);

    // the evidence and the owner's log say what was given, when, to whom
    const delivered = await evidenceOf(v.owner.id, "item_delivered");
    expect(delivered.map((e) => [e.email, JSON.parse(e.entry).data.assetId]).sort()).toEqual(
      [
        [v.heir, v.week.id],
        [v.other, v.others.id],
      ].sort(),
    );
    const audit = rowsOf<{ n: number }>(
      await ctx.services.deps.db.execute(
        sql`select count(*)::int as n from audit_log where action = 'release.item_delivered' and owner_id = ${v.owner.id}`,
      ),
    );
    expect(audit[0]?.n).toBe(2);

    clock.advance(23 * DAY_MS);
    expect(await deliverDueItems(ctx.services.deps)).toBe(1);
    portal = await portalClient(ctx, v.heir);
    expect((await portal.request("GET", `/api/legacy/items/${v.month.id}`)).status).toBe(200);
    expect((await list()).upcoming).toEqual([]);
  });

  it("two sweeps at once deliver each item once", async () => {
    const v = await vaultWithDelays();
    await releaseByAttestation(ctx, clock, { firmAdmin: v.firm.admin, owner: v.owner });
    clock.advance(7 * DAY_MS);
    const counts = await Promise.all([
      deliverDueItems(ctx.services.deps, { batch: 1 }),
      deliverDueItems(ctx.services.deps, { batch: 1 }),
    ]);
    expect(counts[0] + counts[1]).toBeGreaterThanOrEqual(2);
    expect(await deliverDueItems(ctx.services.deps)).toBe(0);
    expect((await evidenceOf(v.owner.id, "item_delivered")).length).toBe(2);
    for (const to of [v.heir, v.other])
      expect((await mailsTo(ctx, to)).filter((m) => m.template === "items-delivered")).toHaveLength(
        1,
      );
    clock.advance(30 * DAY_MS);
    await deliverDueItems(ctx.services.deps);
  });
});
