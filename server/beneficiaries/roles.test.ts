import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AssetView } from "../../common/assets.js";
import type { BeneficiaryView } from "../../common/beneficiaries.js";
import type { BeneficiaryKeysView } from "../../common/keys.js";
import type { LegacyItemDetail, LegacyItemsView } from "../../common/legacy.js";
import type { PlanHealthView } from "../../common/plan-health.js";
import { buildAsset, dataKeyOf } from "../../test/factories/assets.js";
import {
  createBeneficiaryKey,
  openBeneficiaryWrap,
  openListedTitle,
  wrapForBeneficiary,
} from "../../test/factories/beneficiary-keys.js";
import { buildFirm } from "../../test/factories/firm.js";
import { buildInvitedMember } from "../../test/factories/people.js";
import { portalClient, releaseByAttestation } from "../../test/factories/release.js";
import {
  createTestContext,
  rowsOf,
  TestClient,
  uniqueEmail,
  type TestContext,
} from "../../test/harness.js";
import { decryptBytes } from "../../test/vault-crypto.js";
import { createOffsetClock } from "../clock.js";

/**
 * Roles besides beneficiary (docs/decisions/091): the executor receives every estate inventory
 * entry, the legal contact the documents marked for them; each opens them with their own access
 * key; no one else, and nothing left privately to someone else.
 */
let ctx: TestContext;
const clock = createOffsetClock();
beforeAll(async () => {
  ctx = await createTestContext({}, { clock });
});
afterAll(() => ctx.close());

type Owner = Awaited<ReturnType<typeof buildInvitedMember>>;

const addPerson = async (owner: Owner, body: Record<string, unknown>) => {
  const res = await owner.client.json<{ beneficiary: BeneficiaryView }>(
    "POST",
    "/api/beneficiaries",
    body,
  );
  expect(res.status).toBe(201);
  return res.body.beneficiary;
};
const assetsOf = async (owner: Owner) =>
  (await owner.client.json<{ assets: AssetView[] }>("GET", "/api/assets")).body.assets;
const pendingOf = async (owner: Owner, email: string) =>
  (await owner.client.json<BeneficiaryKeysView>("GET", "/api/keys/beneficiaries")).body.pending
    .filter((p) => p.beneficiaryEmail === email)
    .map((p) => p.assetId)
    .sort();
const healthCodes = async (owner: Owner) =>
  (await owner.client.json<PlanHealthView>("GET", "/api/plan-health")).body.entries.map(
    (e) => e.code,
  );

/** The portal's list for a person: each title opened with their access key, and the role shown. */
async function listed(client: TestClient, accessKey: Uint8Array) {
  const { items } = (await client.json<LegacyItemsView>("GET", "/api/legacy/items")).body;
  const rows = await Promise.all(
    items.map(async (i) => `${await openListedTitle(i, accessKey)}:${i.role ?? "left"}`),
  );
  return rows.sort();
}

async function openWith(client: TestClient, id: string, accessKey: Uint8Array) {
  const res = await client.json<{ item: LegacyItemDetail }>("GET", `/api/legacy/items/${id}`);
  expect(res.status).toBe(200);
  const { item } = res.body;
  if (item.key.kind !== "beneficiary-key") throw new Error(`got ${item.key.kind}`);
  const ck = await openBeneficiaryWrap({
    serverShare: item.key.serverShare,
    accessKey,
    assetId: id,
    wrappedKey: item.key.wrappedKey,
  });
  return JSON.parse((await decryptBytes(ck, Buffer.from(item.encryptedData, "base64"))).toString());
}

async function estate() {
  const firm = await buildFirm(ctx);
  const owner = await buildInvitedMember(ctx, firm.admin, "regular_user", "Olga Owner");
  const dk = await dataKeyOf(owner.client);
  const [emma, sam, larry] = ["emma", "sam", "larry"].map((n) => uniqueEmail(n));
  if (!emma || !sam || !larry) throw new Error("no addresses");
  const entry = (title: string, beneficiaryEmails: string[] = []) =>
    buildAsset(owner.client, {
      type: "estate",
      title,
      beneficiaryEmails,
      content: { category: "bank", institution: title, instructions: "Close it" },
      dataKey: dk,
    });
  const bank = await entry("Bank account");
  const car = await entry("Car", [sam]); // also left to Sam
  const letter = await buildAsset(owner.client, {
    type: "note",
    title: "Letter to Sam",
    beneficiaryEmails: [sam],
    content: { text: "Dear Sam" },
    dataKey: dk,
  });
  const will = await buildAsset(owner.client, {
    type: "document",
    title: "Will",
    content: { kind: "will" },
    dataKey: dk,
  });
  return { firm, owner, dk, emma, sam, larry, entry, bank, car, letter, will };
}

describe("the executor and the legal contact", () => {
  it("the executor receives every estate entry, now and later, opened with their own key; the legal contact the marked documents; nobody anything else", async () => {
    const v = await estate();
    expect(await healthCodes(v.owner)).toContain("no_executor");

    const emma = await addPerson(v.owner, { name: "Emma", email: v.emma, isExecutor: true });
    expect(emma).toMatchObject({ isExecutor: true, isLegalContact: false });
    expect(await healthCodes(v.owner)).not.toContain("no_executor");
    await addPerson(v.owner, { name: "Sam", email: v.sam });
    await addPerson(v.owner, { name: "Larry Lawyer", email: v.larry, isLegalContact: true });

    // every estate entry now goes to Emma too, pending until the owner's browser wraps it; the
    // people it is left to are unchanged
    const byId = new Map((await assetsOf(v.owner)).map((a) => [a.id, a]));
    expect(byId.get(v.bank.id)).toMatchObject({
      beneficiaryEmails: [],
      roleGrants: [{ email: v.emma, role: "executor" }],
    });
    expect(byId.get(v.car.id)?.beneficiaryEmails).toEqual([v.sam]);
    expect(byId.get(v.letter.id)?.roleGrants).toEqual([]);
    expect(await pendingOf(v.owner, v.emma)).toEqual([v.bank.id, v.car.id].sort());

    // the owner's browser wraps them for Emma's key; an entry added later goes to her too
    const emmaKey = await createBeneficiaryKey(v.owner.client, v.dk, {
      email: v.emma,
      items: [v.bank, v.car],
    });
    const pension = await v.entry("Pension");
    expect(await pendingOf(v.owner, v.emma)).toEqual([pension.id]);
    const put = await v.owner.client.json("PUT", `/api/keys/beneficiaries/${emmaKey.id}/items`, {
      items: [
        {
          assetId: pension.id,
          wrappedKey: await wrapForBeneficiary(emmaKey.bk, pension.id, pension.ck),
        },
      ],
    });
    expect(put.status).toBe(200);
    expect(await pendingOf(v.owner, v.emma)).toEqual([]);

    // only a document can be marked for the legal contact; marking the will gives it to Larry
    const wrong = await v.owner.client.json("PATCH", `/api/assets/${v.bank.id}`, {
      isForLegalContact: true,
    });
    expect(wrong.status).toBe(400);
    const marked = await v.owner.client.json<{ asset: AssetView }>(
      "PATCH",
      `/api/assets/${v.will.id}`,
      { isForLegalContact: true },
    );
    expect(marked.status).toBe(200);
    expect(marked.body.asset).toMatchObject({
      isForLegalContact: true,
      roleGrants: [{ email: v.larry, role: "legal_contact" }],
    });
    const larryKey = await createBeneficiaryKey(v.owner.client, v.dk, {
      email: v.larry,
      items: [v.will],
    });
    const samKey = await createBeneficiaryKey(v.owner.client, v.dk, {
      email: v.sam,
      items: [v.car, v.letter],
    });

    await releaseByAttestation(ctx, clock, { firmAdmin: v.firm.admin, owner: v.owner });

    const emmaPortal = await portalClient(ctx, v.emma);
    expect(await listed(emmaPortal, emmaKey.accessKey)).toEqual([
      "Bank account:executor",
      "Car:executor",
      "Pension:executor",
    ]);
    expect(await openWith(emmaPortal, v.bank.id, emmaKey.accessKey)).toMatchObject({
      institution: "Bank account",
    });
    // not what is left privately to Sam, nor the lawyer's document
    for (const id of [v.letter.id, v.will.id])
      expect((await emmaPortal.json("GET", `/api/legacy/items/${id}`)).status).toBe(404);

    // Sam, a beneficiary who is not the executor: what is left to him, no other estate entry
    const samPortal = await portalClient(ctx, v.sam);
    expect(await listed(samPortal, samKey.accessKey)).toEqual(["Car:left", "Letter to Sam:left"]);
    for (const id of [v.bank.id, pension.id, v.will.id])
      expect((await samPortal.json("GET", `/api/legacy/items/${id}`)).status).toBe(404);
    // Emma's key does not open Sam's copy of the car
    await expect(openWith(samPortal, v.car.id, emmaKey.accessKey)).rejects.toThrow();

    const larryPortal = await portalClient(ctx, v.larry);
    expect(await listed(larryPortal, larryKey.accessKey)).toEqual(["Will:legal_contact"]);
    expect(await openWith(larryPortal, v.will.id, larryKey.accessKey)).toEqual({ kind: "will" });
    expect((await larryPortal.json("GET", `/api/legacy/items/${v.bank.id}`)).status).toBe(404);

    // the firm's admin, signed in, is no portal person and never reaches content; nor anyone signed out
    expect((await v.firm.admin.json("GET", `/api/legacy/items/${v.bank.id}`)).status).toBe(404);
    const signedOut = new TestClient(ctx);
    expect((await signedOut.json("GET", `/api/legacy/items/${v.bank.id}`)).status).toBe(401);
  });

  it("taking the role away removes its wraps; an entry also left to the person stays left", async () => {
    const v = await estate();
    const emma = await addPerson(v.owner, { name: "Emma", email: v.sam, isExecutor: true });
    await createBeneficiaryKey(v.owner.client, v.dk, { email: v.sam, items: [v.bank, v.car] });
    const off = await v.owner.client.json<{ beneficiary: BeneficiaryView }>(
      "PATCH",
      `/api/beneficiaries/${emma.id}`,
      { isExecutor: false },
    );
    expect(off.status).toBe(200);
    expect(off.body.beneficiary.isExecutor).toBe(false);
    const byId = new Map((await assetsOf(v.owner)).map((a) => [a.id, a]));
    expect(byId.get(v.bank.id)?.roleGrants).toEqual([]);
    expect(byId.get(v.car.id)).toMatchObject({ beneficiaryEmails: [v.sam], roleGrants: [] });
    const rows = rowsOf<{ asset_id: string; wrapped: boolean }>(
      await ctx.services.deps.db.execute(
        sql`select asset_id, wrapped_key is not null as wrapped from asset_beneficiaries
          where email = ${v.sam} and asset_id in (${v.bank.id}, ${v.car.id})`,
      ),
    );
    expect(rows).toEqual([{ asset_id: v.car.id, wrapped: true }]);

    // the role back, then the person removed: their role rows go with them
    await v.owner.client.json("PATCH", `/api/beneficiaries/${emma.id}`, { isExecutor: true });
    expect((await assetsOf(v.owner)).filter((a) => a.roleGrants.length)).toHaveLength(2);
    expect((await v.owner.client.json("DELETE", `/api/beneficiaries/${emma.id}`)).status).toBe(200);
    expect((await assetsOf(v.owner)).filter((a) => a.roleGrants.length)).toHaveLength(0);
    // the car is still left to Sam's address (removing a person never took items back)
    expect((await assetsOf(v.owner)).find((a) => a.id === v.car.id)?.beneficiaryEmails).toEqual([
      v.sam,
    ]);
  });

  it("someone else cannot give or take a role: another owner, the firm's admin, another firm's staff, signed out", async () => {
    const v = await estate();
    const emma = await addPerson(v.owner, { name: "Emma", email: v.emma });
    const other = await estate();
    const otherStaff = await buildInvitedMember(ctx, other.firm.admin, "firm_staff", "Stan Staff");
    const outsiders = [other.owner.client, v.firm.admin, otherStaff.client];
    for (const client of outsiders) {
      const res = await client.json("PATCH", `/api/beneficiaries/${emma.id}`, { isExecutor: true });
      expect(res.status).toBe(404);
      const mark = await client.json("PATCH", `/api/assets/${v.will.id}`, {
        isForLegalContact: true,
      });
      expect(mark.status).toBe(404);
    }
    const signedOut = new TestClient(ctx);
    expect(
      (await signedOut.json("PATCH", `/api/beneficiaries/${emma.id}`, { isExecutor: true })).status,
    ).toBe(401);
    expect((await assetsOf(v.owner)).every((a) => a.roleGrants.length === 0)).toBe(true);

    // an executor of another estate: named and released there, they reach nothing here
    await addPerson(other.owner, { name: "Xena", email: other.emma, isExecutor: true });
    const xenaKey = await createBeneficiaryKey(other.owner.client, other.dk, {
      email: other.emma,
      items: [other.bank, other.car],
    });
    await addPerson(v.owner, { name: "Emma", email: v.emma, isExecutor: true });
    await createBeneficiaryKey(v.owner.client, v.dk, { email: v.emma, items: [v.bank, v.car] });
    await releaseByAttestation(ctx, clock, { firmAdmin: other.firm.admin, owner: other.owner });
    const xena = await portalClient(ctx, other.emma);
    expect(await listed(xena, xenaKey.accessKey)).toEqual([
      "Bank account:executor",
      "Car:executor",
    ]);
    for (const id of [v.bank.id, v.car.id, v.will.id])
      expect((await xena.json("GET", `/api/legacy/items/${id}`)).status).toBe(404);
  });
});
