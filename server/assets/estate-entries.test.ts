import { randomBytes, randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ActivityPage } from "../../common/activity.js";
import type { EstateContent } from "../../common/assets/estate.js";
import type { LegacyItemDetail } from "../../common/legacy.js";
import { buildAsset, dataKeyOf } from "../../test/factories/assets.js";
import {
  createBeneficiaryKey,
  openBeneficiaryWrap,
} from "../../test/factories/beneficiary-keys.js";
import { buildFirm } from "../../test/factories/firm.js";
import { buildInvitedMember } from "../../test/factories/people.js";
import { portalClient, releaseByAttestation } from "../../test/factories/release.js";
import {
  buildUser,
  createTestContext,
  rowsOf,
  uniqueEmail,
  type TestClient,
  type TestContext,
} from "../../test/harness.js";
import { decryptBytes, encryptBytes, sealAsset, sealTitle } from "../../test/vault-crypto.js";
import { createOffsetClock } from "../clock.js";

/**
 * The estate inventory (docs/decisions/086) is an item type like the others: its entries go
 * through /api/assets with type "estate", sealed in the browser, and are released the same way.
 */
let ctx: TestContext;
const clock = createOffsetClock();
beforeAll(async () => {
  ctx = await createTestContext({}, { clock });
});
afterAll(() => ctx.close());

const entry = (over: Partial<EstateContent> = {}): EstateContent => ({
  category: "bank",
  institution: "Northshire Bank",
  reference: `acct-${randomBytes(6).toString("hex")}`,
  contact: "0800 123 456, bereavement team",
  action: "close",
  instructions: "Move what is left to the joint account.",
  ...over,
});

const buildEntry = (client: TestClient, over: Parameters<typeof buildAsset>[1] = {}) =>
  buildAsset(client, { type: "estate", title: "Current account", content: entry(), ...over });

/** Every verb on someone else's entry answers 404, like a missing one; no list shows it. */
async function expectNoAccess(stranger: TestClient, id: string) {
  for (const target of [id, randomUUID()]) {
    expect((await stranger.request("GET", `/api/assets/${target}`)).status).toBe(404);
    expect(
      (
        await stranger.request("PATCH", `/api/assets/${target}`, {
          encryptedTitle: Buffer.alloc(40).toString("base64"),
        })
      ).status,
    ).toBe(404);
    expect((await stranger.request("DELETE", `/api/assets/${target}`)).status).toBe(404);
  }
  const lists = [
    await stranger.json("GET", "/api/assets?type=estate"),
    await stranger.json("GET", "/api/assets/contents?type=estate"),
  ];
  for (const list of lists) expect(list.status).toBe(200);
  expect(JSON.stringify(lists)).not.toContain(id);
}

describe("estate inventory entries", () => {
  it("are stored sealed: the owner lists and opens them by type, the database holds no field in clear", async () => {
    const owner = await buildUser(ctx);
    const content = entry({ institution: `Bank-${randomBytes(6).toString("hex")}` });
    const made = await buildEntry(owner.client, { content });
    await buildAsset(owner.client, { type: "note", content: { text: "x" } });

    const list = await owner.client.json<{ assets: { id: string; type: string }[] }>(
      "GET",
      "/api/assets?type=estate",
    );
    expect(list.body.assets.map((a) => [a.id, a.type])).toEqual([[made.id, "estate"]]);
    const page = await owner.client.json<{ contents: { id: string; encryptedData: string }[] }>(
      "GET",
      "/api/assets/contents?type=estate",
    );
    expect(page.body.contents.map((c) => c.id)).toEqual([made.id]);
    const opened = await decryptBytes(
      made.ck,
      Buffer.from(page.body.contents[0]!.encryptedData, "base64"),
    );
    expect(JSON.parse(opened.toString())).toEqual(content);

    const row = rowsOf<{ row: string }>(
      await ctx.services.deps.db.execute(
        sql`select row_to_json(a)::text as row from assets a where id = ${made.id}`,
      ),
    )[0]?.row;
    for (const clear of [content.institution, content.reference, "Current account", "bank"])
      expect(row?.toLowerCase()).not.toContain(clear.toLowerCase());
    const dashboard = await owner.client.json<{ counts: Record<string, number> }>(
      "GET",
      "/api/dashboard",
    );
    expect(dashboard.body.counts).toMatchObject({ estate: 1, note: 1, password: 0 });
  });

  it("are edited and deleted by their owner only", async () => {
    const owner = await buildUser(ctx);
    const made = await buildEntry(owner.client);
    const changed = Buffer.from(JSON.stringify(entry({ action: "transfer" })));
    // a new content under the same key (the browser's edit): accepted
    const edited = await owner.client.request("PATCH", `/api/assets/${made.id}`, {
      encryptedData: (await encryptBytes(made.ck, changed)).toString("base64"),
      encryptedTitle: await sealTitle(made.ck, made.id, "Savings"),
    });
    expect(edited.status).toBe(200);
    expect((await owner.client.request("DELETE", `/api/assets/${made.id}`)).status).toBe(200);
    expect((await owner.client.request("GET", `/api/assets/${made.id}`)).status).toBe(404);
    const kept = await buildEntry(owner.client);
    const activity = await owner.client.json<ActivityPage>("GET", "/api/activity");
    expect(activity.body.events.slice(0, 4).map((e) => [e.text, e.itemId ?? null])).toEqual([
      ["You added the estate inventory entry", kept.id],
      ["You deleted an estate inventory entry", made.id],
      ["You changed an estate inventory entry", made.id],
      ["You added an estate inventory entry", made.id],
    ]);
  });

  it("someone else cannot: another owner, the owner's firm admin and staff get 404 on every verb", async () => {
    const { admin } = await buildFirm(ctx);
    const staff = await buildInvitedMember(ctx, admin, "firm_staff");
    const assistant = await buildInvitedMember(ctx, admin, "firm_assistant");
    const client = await buildInvitedMember(ctx, admin, "regular_user");
    const stranger = await buildUser(ctx);
    const made = await buildEntry(client.client);
    for (const other of [stranger.client, admin, staff.client, assistant.client])
      await expectNoAccess(other, made.id);
    expect((await client.client.request("GET", `/api/assets/${made.id}`)).status).toBe(200);
  });

  it("refuses with 400 a type it does not know, a field in clear, and a bad filter", async () => {
    const owner = await buildUser(ctx);
    const dk = await dataKeyOf(owner.client);
    const id = randomUUID();
    const { ck, wrappedKey, encryptedData } = await sealAsset(dk, id, entry());
    const body = {
      id,
      type: "estate",
      encryptedTitle: await sealTitle(ck, id, "Pension"),
      wrappedKey,
      encryptedData,
    };
    for (const bad of [
      { ...body, type: "inventory" },
      { ...body, category: "pension" },
      { ...body, institution: "Northshire Bank" },
    ]) {
      const res = await owner.client.json<{ error: { code: string } }>("POST", "/api/assets", bad);
      expect({ status: res.status, code: res.body.error.code }).toEqual({
        status: 400,
        code: "VALIDATION",
      });
    }
    expect((await owner.client.request("GET", "/api/assets?type=inventory")).status).toBe(400);
    expect((await owner.client.request("POST", "/api/assets", body)).status).toBe(201);
  });

  it("are released to the people they are left to, like any item, and to nobody else", async () => {
    const firm = await buildFirm(ctx);
    const owner = await buildInvitedMember(ctx, firm.admin, "regular_user", "Olga Owner");
    const dk = await dataKeyOf(owner.client);
    const heir = uniqueEmail("heir");
    const other = uniqueEmail("other");
    const content = entry({ category: "pension", action: "transfer" });
    const made = await buildEntry(owner.client, {
      title: "Work pension",
      content,
      beneficiaryEmails: [heir],
      dataKey: dk,
    });
    const kept = await buildAsset(owner.client, {
      type: "note",
      beneficiaryEmails: [other],
      content: { text: "for the other" },
      dataKey: dk,
    });
    const key = await createBeneficiaryKey(owner.client, dk, { email: heir, items: [made] });
    await createBeneficiaryKey(owner.client, dk, { email: other, items: [kept] });
    await releaseByAttestation(ctx, clock, { firmAdmin: firm.admin, owner });

    const portal = await portalClient(ctx, heir);
    const got = await portal.json<{ item: LegacyItemDetail }>(
      "GET",
      `/api/legacy/items/${made.id}`,
    );
    expect(got.status).toBe(200);
    expect(got.body.item.type).toBe("estate");
    if (got.body.item.key.kind !== "beneficiary-key") throw new Error("not a beneficiary key");
    const ck = await openBeneficiaryWrap({
      serverShare: got.body.item.key.serverShare,
      accessKey: key.accessKey,
      assetId: made.id,
      wrappedKey: got.body.item.key.wrappedKey,
    });
    const opened = await decryptBytes(ck, Buffer.from(got.body.item.encryptedData, "base64"));
    expect(JSON.parse(opened.toString())).toEqual(content);

    const otherPortal = await portalClient(ctx, other);
    expect((await otherPortal.request("GET", `/api/legacy/items/${made.id}`)).status).toBe(404);
  });
});
