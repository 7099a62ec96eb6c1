import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LegacyItemDetail, LegacyItemsView } from "../../common/legacy.js";
import { buildAsset, dataKeyOf } from "../../test/factories/assets.js";
import {
  createBeneficiaryKey,
  openBeneficiaryWrap,
  openListedTitle,
} from "../../test/factories/beneficiary-keys.js";
import { buildFirm } from "../../test/factories/firm.js";
import { buildInvitedMember } from "../../test/factories/people.js";
import { mailsTo, portalClient, releaseByAttestation } from "../../test/factories/release.js";
import {
  createTestContext,
  uniqueEmail,
  type TestClient,
  type TestContext,
} from "../../test/harness.js";
import { decryptBytes } from "../../test/vault-crypto.js";
import { createOffsetClock } from "../clock.js";

/**
 * An item left to more than one beneficiary (docs/decisions/053): each one's portal opens it with
 * their own code and access key; an address the owner removed gets nothing; nothing of one
 * beneficiary's items reaches another.
 */
let ctx: TestContext;
const clock = createOffsetClock();
beforeAll(async () => {
  ctx = await createTestContext({}, { clock });
});
afterAll(() => ctx.close());

async function ownerWithSharedItem() {
  const firm = await buildFirm(ctx);
  const owner = await buildInvitedMember(ctx, firm.admin, "regular_user", "Olga Owner");
  const dk = await dataKeyOf(owner.client);
  const [emma, sam, removed] = ["emma", "sam", "removed"].map((n) => uniqueEmail(n));
  if (!emma || !sam || !removed) throw new Error("no addresses");
  const secret = `pw-${randomBytes(8).toString("hex")}`;
  const shared = await buildAsset(owner.client, {
    title: "Bank",
    beneficiaryEmails: [emma, sam, removed],
    content: { password: secret },
    dataKey: dk,
  });
  const samsOnly = await buildAsset(owner.client, {
    type: "note",
    title: "Letter to Sam",
    beneficiaryEmails: [sam],
    content: { text: "Dear Sam" },
    dataKey: dk,
  });
  const keys = {
    emma: await createBeneficiaryKey(owner.client, dk, { email: emma, items: [shared] }),
    sam: await createBeneficiaryKey(owner.client, dk, { email: sam, items: [shared, samsOnly] }),
    removed: await createBeneficiaryKey(owner.client, dk, { email: removed, items: [shared] }),
  };
  return { firm, owner, dk, emma, sam, removed, secret, shared, samsOnly, keys };
}

const release = (v: { firm: { admin: TestClient }; owner: { id: string; client: TestClient } }) =>
  releaseByAttestation(ctx, clock, { firmAdmin: v.firm.admin, owner: v.owner });

/** The titles the beneficiary's browser shows, opened with their own access key (docs/decisions/080). */
const titles = async (client: TestClient, accessKey: Uint8Array) => {
  const { items } = (await client.json<LegacyItemsView>("GET", "/api/legacy/items")).body;
  return (await Promise.all(items.map((i) => openListedTitle(i, accessKey)))).sort();
};

/** The beneficiary's browser: their own access key with the server's share, then the content. */
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

describe("an item left to several people", () => {
  it("reaches each of them, opened with their own access key; a removed beneficiary gets nothing; one's items never reach another", async () => {
    const v = await ownerWithSharedItem();
    // the owner takes the item back from one of the three before the release: their wrap goes
    const patched = await v.owner.client.json("PATCH", `/api/assets/${v.shared.id}`, {
      beneficiaryEmails: [v.emma, v.sam],
    });
    expect(patched.status).toBe(200);
    await release(v);

    const emma = await portalClient(ctx, v.emma);
    const sam = await portalClient(ctx, v.sam);
    expect(await titles(emma, v.keys.emma.accessKey)).toEqual(["Bank"]);
    expect(await titles(sam, v.keys.sam.accessKey)).toEqual(["Bank", "Letter to Sam"]);
    // Emma's access key does not open the titles of Sam's copy
    await expect(titles(sam, v.keys.emma.accessKey)).rejects.toThrow();
    expect(await openWith(emma, v.shared.id, v.keys.emma.accessKey)).toEqual({
      password: v.secret,
    });
    expect(await openWith(sam, v.shared.id, v.keys.sam.accessKey)).toEqual({ password: v.secret });
    expect(await openWith(sam, v.samsOnly.id, v.keys.sam.accessKey)).toEqual({ text: "Dear Sam" });
    // each one's wrap is their own: Sam's access key does not open Emma's copy
    await expect(openWith(emma, v.shared.id, v.keys.sam.accessKey)).rejects.toThrow();
    // nothing of Sam's alone reaches Emma
    expect((await emma.json("GET", `/api/legacy/items/${v.samsOnly.id}`)).status).toBe(404);

    // the e-mails count exactly the items left to each; the removed address was never written to
    const released = async (to: string) =>
      (await mailsTo(ctx, to)).filter((m) => m.subject.includes("has left you something"));
    expect((await released(v.emma))[0]?.text).toContain("named you as the beneficiary of an item");
    expect((await released(v.sam))[0]?.text).toContain("of 2 items");
    expect(await mailsTo(ctx, v.removed)).toEqual([]);
    await expect(portalClient(ctx, v.removed)).rejects.toThrow();
  });

  it("an owner who removes a beneficiary after the release takes the item back from them", async () => {
    const v = await ownerWithSharedItem();
    await release(v);
    const removed = await portalClient(ctx, v.removed);
    expect(await openWith(removed, v.shared.id, v.keys.removed.accessKey)).toEqual({
      password: v.secret,
    });
    const patched = await v.owner.client.json("PATCH", `/api/assets/${v.shared.id}`, {
      beneficiaryEmails: [v.emma, v.sam],
    });
    expect(patched.status).toBe(200);
    expect((await removed.json("GET", `/api/legacy/items/${v.shared.id}`)).status).toBe(404);
    expect(await titles(removed, v.keys.removed.accessKey)).toEqual([]);
    // the others keep it
    const emma = await portalClient(ctx, v.emma);
    expect(await openWith(emma, v.shared.id, v.keys.emma.accessKey)).toEqual({
      password: v.secret,
    });
  });
});
