import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CATALOGUE_MSG, type ItemAccessView } from "../../common/catalogue.js";
import type { LegacyItemsView } from "../../common/legacy.js";
import type { EvidenceFile } from "../../common/release-evidence.js";
import type { BeneficiaryKeysView } from "../../common/keys.js";
import { buildAsset, dataKeyOf, uploadEncryptedFile } from "../../test/factories/assets.js";
import {
  createBeneficiaryKey,
  openBeneficiaryWrap,
  wrapForBeneficiary,
} from "../../test/factories/beneficiary-keys.js";
import { openCatalogueTitle, sealCatalogueTitle } from "../../test/factories/catalogue.js";
import { buildFirm } from "../../test/factories/firm.js";
import { buildInvitedMember } from "../../test/factories/people.js";
import { portalClient, releaseByAttestation } from "../../test/factories/release.js";
import {
  TestClient,
  createTestContext,
  uniqueEmail,
  type TestContext,
} from "../../test/harness.js";
import { sealAsset, sealTitle, type CryptoKey } from "../../test/vault-crypto.js";
import { createOffsetClock } from "../clock.js";
import { asSystem } from "../db/actor.js";
import { assetBeneficiaries } from "../db/schema/index.js";

/**
 * Consent in the law's terms (docs/decisions/098): a person the owner tells only that an item
 * exists ("catalogue") receives its kind and a title sealed for them, never a wrap of its key, its
 * ciphertext or its files; the evidence and the certificate say, per item and person, which.
 */
let ctx: TestContext;
const clock = createOffsetClock();
beforeAll(async () => {
  ctx = await createTestContext({}, { clock });
});
afterAll(() => ctx.close());

const access = (client: TestClient, id: string, body?: unknown) =>
  body === undefined
    ? client.json<ItemAccessView>("GET", `/api/assets/${id}/access`)
    : client.json<ItemAccessView>("PUT", `/api/assets/${id}/access`, body);

const rowOf = (assetId: string, email: string) =>
  asSystem(ctx.services.deps.db, async (tx) => {
    const [row] = await tx
      .select()
      .from(assetBeneficiaries)
      .where(and(eq(assetBeneficiaries.assetId, assetId), eq(assetBeneficiaries.email, email)));
    return row;
  });

/** An owner's "Bank login — Chase" left to Emma (content) and Carl (catalogue), with a file. */
async function ownerWithCatalogueItem() {
  const firm = await buildFirm(ctx);
  const owner = await buildInvitedMember(ctx, firm.admin, "regular_user", "Olga Owner");
  const dk = await dataKeyOf(owner.client);
  const [emma, carl] = [uniqueEmail("emma"), uniqueEmail("carl")];
  const secret = `pw-${randomBytes(8).toString("hex")}`;
  const bank = await buildAsset(owner.client, {
    type: "document",
    title: "Bank login — Chase",
    beneficiaryEmails: [emma],
    content: { kind: "other", notes: secret },
    dataKey: dk,
  });
  const upload = await uploadEncryptedFile(owner.client, {
    assetId: bank.id,
    ck: bank.ck,
    kind: "document",
    plaintext: new TextEncoder().encode("%PDF-1.4 statement"),
    type: "application/pdf",
  });
  expect(upload.res.status).toBe(200);
  const emmaKey = await createBeneficiaryKey(owner.client, dk, { email: emma, items: [bank] });
  const carlKey = await createBeneficiaryKey(owner.client, dk, { email: carl });
  // Carl is added as "catalogue only": no wrap is sent for him, his title is sealed for his key
  const added = await owner.client.json("PATCH", `/api/assets/${bank.id}`, {
    beneficiaryEmails: [emma, carl],
  });
  expect(added.status).toBe(200);
  const chosen = await access(owner.client, bank.id, {
    email: carl,
    access: "catalogue",
    keyId: carlKey.id,
    sealedTitle: await sealCatalogueTitle(carlKey.bkBytes, bank.id, bank.title),
  });
  expect(chosen.status).toBe(200);
  return { firm, owner, dk, emma, carl, secret, bank, emmaKey, carlKey, chosen: chosen.body };
}

describe("catalogue only (issue 36 item 6)", () => {
  it("the owner chooses per person; a catalogue person never holds a wrap, and cannot be given one", async () => {
    const v = await ownerWithCatalogueItem();
    expect(v.chosen.people).toEqual([
      { email: v.emma, access: "content", isTitleSealed: false },
      { email: v.carl, access: "catalogue", isTitleSealed: true },
    ]);
    const carlRow = await rowOf(v.bank.id, v.carl);
    expect(carlRow).toMatchObject({ access: "catalogue", wrappedKey: null });
    expect(carlRow?.catalogueTitle).not.toBeNull();
    // the table itself refuses a wrap on a catalogue row, whatever the app does
    await expect(
      asSystem(ctx.services.deps.db, (tx) =>
        tx
          .update(assetBeneficiaries)
          .set({ wrappedKey: Buffer.alloc(60, 1) })
          .where(
            and(eq(assetBeneficiaries.assetId, v.bank.id), eq(assetBeneficiaries.email, v.carl)),
          ),
      ),
    ).rejects.toThrow();
    // the list entry names him apart, for the form and the preview
    const listed = await v.owner.client.json<{
      assets: { id: string; catalogueEmails: string[] }[];
    }>("GET", "/api/assets");
    expect(listed.body.assets.find((a) => a.id === v.bank.id)?.catalogueEmails).toEqual([v.carl]);

    // no way gives him the content key: the item's save, the key's wraps, the pending list
    const wrap = await wrapForBeneficiary(v.carlKey.bk, v.bank.id, v.bank.ck);
    const patched = await v.owner.client.json("PATCH", `/api/assets/${v.bank.id}`, {
      beneficiaryKeys: [{ id: v.carlKey.id, wrappedKey: wrap }],
    });
    expect(patched.status).toBe(400);
    expect(patched.body).toMatchObject({ error: { message: CATALOGUE_MSG.noWrapForCatalogue } });
    const keyWrap = await v.owner.client.json(
      "PUT",
      `/api/keys/beneficiaries/${v.carlKey.id}/items`,
      {
        items: [{ assetId: v.bank.id, wrappedKey: wrap }],
      },
    );
    expect(keyWrap.status).toBe(400);
    const keys = await v.owner.client.json<BeneficiaryKeysView>("GET", "/api/keys/beneficiaries");
    expect(keys.body.pending.filter((p) => p.beneficiaryEmail === v.carl)).toEqual([]);
    // a new content key keeps his sealed title and gives him nothing
    const sealed = await sealAsset(v.dk, v.bank.id, { kind: "other", notes: v.secret });
    const rekeyed = await v.owner.client.json("PATCH", `/api/assets/${v.bank.id}`, {
      wrappedKey: sealed.wrappedKey,
      encryptedData: sealed.encryptedData,
      encryptedTitle: await sealTitle(sealed.ck, v.bank.id, v.bank.title),
    });
    expect(rekeyed.status).toBe(200);
    expect(await rowOf(v.bank.id, v.carl)).toMatchObject({
      access: "catalogue",
      wrappedKey: null,
      beneficiaryKeyId: v.carlKey.id,
    });
  });

  it("after a release, the catalogue person sees the kind and the sealed title, and gets 404 for the content and its file", async () => {
    const v = await ownerWithCatalogueItem();
    await releaseByAttestation(ctx, clock, { firmAdmin: v.firm.admin, owner: v.owner });

    const carl = await portalClient(ctx, v.carl);
    const listed = await carl.json<LegacyItemsView>("GET", "/api/legacy/items");
    expect(listed.status).toBe(200);
    const [item] = listed.body.items;
    expect(listed.body.items).toHaveLength(1);
    expect(item).toMatchObject({
      id: v.bank.id,
      type: "document",
      access: "catalogue",
      key: null,
      encryptedTitle: null,
    });
    if (!item) throw new Error("no item");
    expect(await openCatalogueTitle(item, v.carlKey.accessKey)).toBe("Bank login — Chase");
    // another person's access key does not open it
    await expect(openCatalogueTitle(item, v.emmaKey.accessKey)).rejects.toThrow();
    // nothing in the answer is a wrap of the content key
    expect(JSON.stringify(listed.body)).not.toContain("wrappedKey");
    expect((await carl.json("GET", `/api/legacy/items/${v.bank.id}`)).status).toBe(404);
    expect((await carl.get(`/api/legacy/items/${v.bank.id}/files/document`)).status).toBe(404);

    // Emma, left the content, opens it as before
    const emma = await portalClient(ctx, v.emma);
    const opened = await emma.json<{
      item: { key: { kind: string; serverShare: string; wrappedKey: string }; access: string };
    }>("GET", `/api/legacy/items/${v.bank.id}`);
    expect(opened.status).toBe(200);
    expect(opened.body.item.access).toBe("content");
    await openBeneficiaryWrap({
      serverShare: opened.body.item.key.serverShare,
      accessKey: v.emmaKey.accessKey,
      assetId: v.bank.id,
      wrappedKey: opened.body.item.key.wrappedKey,
    });
    expect((await emma.get(`/api/legacy/items/${v.bank.id}/files/document`)).status).toBe(200);

    // the evidence and its certificate say which, per item and person
    const carlFile = await carl.json<EvidenceFile>(
      "GET",
      `/api/legacy/items/${v.bank.id}/release-evidence`,
    );
    expect(carlFile.status).toBe(200);
    expect(carlFile.body.certificate.grants).toEqual([
      { beneficiary: v.carl, item: v.bank.id, access: "catalogue" },
    ]);
    const toCarl = carlFile.body.entries.find(
      (e) => e.entry?.kind === "released_to" && e.entry.data.beneficiary === v.carl,
    );
    expect(toCarl?.entry?.data).toMatchObject({
      items: [v.bank.id],
      access: { [v.bank.id]: "catalogue" },
    });
    // no "item_opened" for Carl: he opened nothing
    expect(
      carlFile.body.entries.filter(
        (e) => e.entry?.kind === "item_opened" && e.entry.data.beneficiary === v.carl,
      ),
    ).toEqual([]);
    const firmFile = await v.firm.admin.json<EvidenceFile>(
      "GET",
      `/api/clients/${v.owner.id}/release-evidence`,
    );
    expect(firmFile.status).toBe(200);
    expect(firmFile.body.certificate.grants).toEqual(
      expect.arrayContaining([
        { beneficiary: v.carl, item: v.bank.id, access: "catalogue" },
        { beneficiary: v.emma, item: v.bank.id, access: "content" },
      ]),
    );
  });

  it("someone else cannot read or change the choice: another owner, firm staff, signed out (404 / 401)", async () => {
    const v = await ownerWithCatalogueItem();
    const other = await buildInvitedMember(ctx, v.firm.admin, "regular_user", "Otto Other");
    const staff = await buildInvitedMember(ctx, v.firm.admin, "firm_staff", "Sam Staff");
    const change = { email: v.emma, access: "catalogue" };
    for (const client of [other.client, staff.client, v.firm.admin]) {
      expect((await access(client, v.bank.id)).status).toBe(404);
      expect((await access(client, v.bank.id, change)).status).toBe(404);
    }
    const signedOut = new TestClient(ctx);
    expect((await access(signedOut, v.bank.id)).status).toBe(401);
    expect((await access(signedOut, v.bank.id, change)).status).toBe(401);
    // a missing item and a person the item is not left to answer alike
    expect((await access(v.owner.client, crypto.randomUUID())).status).toBe(404);
    const stranger = { email: uniqueEmail("nobody"), access: "catalogue" };
    expect((await access(v.owner.client, v.bank.id, stranger)).status).toBe(404);
    // another owner's key cannot seal for this owner's person
    const otherDk = await dataKeyOf(other.client);
    const otherKey = await createBeneficiaryKey(other.client, otherDk, { email: v.carl });
    const foreign = await access(v.owner.client, v.bank.id, {
      email: v.carl,
      access: "catalogue",
      keyId: otherKey.id,
      sealedTitle: await sealCatalogueTitle(otherKey.bkBytes, v.bank.id, "x"),
    });
    expect(foreign.status).toBe(400);
    expect(await rowOf(v.bank.id, v.emma)).toMatchObject({ access: "content" });

    // after the release: another estate's person sees nothing of it, and the signed out nothing
    await releaseByAttestation(ctx, clock, { firmAdmin: v.firm.admin, owner: v.owner });
    const otherDk2 = otherDk;
    const theirs = uniqueEmail("theirs");
    await buildAsset(other.client, {
      title: "Other's",
      beneficiaryEmails: [theirs],
      dataKey: otherDk2,
    });
    await releaseByAttestation(ctx, clock, { firmAdmin: v.firm.admin, owner: other });
    const theirPortal = await portalClient(ctx, theirs);
    const theirList = await theirPortal.json<LegacyItemsView>("GET", "/api/legacy/items");
    expect(theirList.body.items.map((i) => i.id)).not.toContain(v.bank.id);
    expect((await theirPortal.json("GET", `/api/legacy/items/${v.bank.id}`)).status).toBe(404);
    expect((await signedOut.json("GET", "/api/legacy/items")).status).toBe(401);
  });

  it("back to content: the sealed title goes, and a wrap may be given again", async () => {
    const v = await ownerWithCatalogueItem();
    const wrap = await wrapForBeneficiary(v.carlKey.bk, v.bank.id, v.bank.ck);
    const back = await access(v.owner.client, v.bank.id, {
      email: v.carl,
      access: "content",
      beneficiaryKey: { id: v.carlKey.id, wrappedKey: wrap },
    });
    expect(back.status).toBe(200);
    expect(await rowOf(v.bank.id, v.carl)).toMatchObject({
      access: "content",
      catalogueTitle: null,
      beneficiaryKeyId: v.carlKey.id,
    });
  });

  it("a role gives the content: naming the person executor turns a catalogue entry back, and a role's row cannot be catalogue", async () => {
    const firm = await buildFirm(ctx);
    const owner = await buildInvitedMember(ctx, firm.admin, "regular_user", "Olga Owner");
    const dk = await dataKeyOf(owner.client);
    const carl = uniqueEmail("carl");
    const entry = await buildAsset(owner.client, {
      type: "estate",
      title: "Pension",
      beneficiaryEmails: [carl],
      content: { sealed: "{}" },
      dataKey: dk,
    });
    const key = await createBeneficiaryKey(owner.client, dk, { email: carl });
    const told = await access(owner.client, entry.id, {
      email: carl,
      access: "catalogue",
      keyId: key.id,
      sealedTitle: await sealCatalogueTitle(key.bkBytes, entry.id, entry.title),
    });
    expect(told.status).toBe(200);
    const named = await owner.client.json("POST", "/api/beneficiaries", {
      name: "Carl",
      email: carl,
      isExecutor: true,
    });
    expect(named.status).toBe(201);
    expect(await rowOf(entry.id, carl)).toMatchObject({
      access: "content",
      role: "executor",
      catalogueTitle: null,
      wrappedKey: null, // pending: the owner's browser wraps it as any role's row
    });
    const refused = await access(owner.client, entry.id, { email: carl, access: "catalogue" });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ error: { message: CATALOGUE_MSG.roleGivesContent } });
  });

  it("a new item is born with its choice: the catalogue person's title sealed, no wrap, and the whole request refused when it does not fit", async () => {
    const firm = await buildFirm(ctx);
    const owner = await buildInvitedMember(ctx, firm.admin, "regular_user", "Nina New");
    const dk = await dataKeyOf(owner.client);
    const [emma, carl] = [uniqueEmail("emma"), uniqueEmail("carl")];
    const emmaKey = await createBeneficiaryKey(owner.client, dk, { email: emma });
    const carlKey = await createBeneficiaryKey(owner.client, dk, { email: carl });
    const newItem = async (
      extra: (id: string, ck: CryptoKey) => Promise<Record<string, unknown>>,
    ) => {
      const id = crypto.randomUUID();
      const sealed = await sealAsset(dk, id, { kind: "other", notes: "statement" });
      const base = {
        id,
        type: "document",
        encryptedTitle: await sealTitle(sealed.ck, id, "Pension — Aviva"),
        beneficiaryEmails: [emma, carl],
        wrappedKey: sealed.wrappedKey,
        encryptedData: sealed.encryptedData,
        beneficiaryKeys: [
          { id: emmaKey.id, wrappedKey: await wrapForBeneficiary(emmaKey.bk, id, sealed.ck) },
        ],
      };
      return {
        id,
        ck: sealed.ck,
        res: await owner.client.json("POST", "/api/assets", {
          ...base,
          ...(await extra(id, sealed.ck)),
        }),
      };
    };
    const carlTitle = (id: string) => sealCatalogueTitle(carlKey.bkBytes, id, "Pension — Aviva");

    const made = await newItem(async (id) => ({
      catalogue: [{ email: carl, keyId: carlKey.id, sealedTitle: await carlTitle(id) }],
    }));
    expect(made.res.status).toBe(201);
    expect(await access(owner.client, made.id)).toMatchObject({
      status: 200,
      body: {
        people: [
          { email: emma, access: "content" },
          { email: carl, access: "catalogue", isTitleSealed: true },
        ],
      },
    });
    expect(await rowOf(made.id, carl)).toMatchObject({ access: "catalogue", wrappedKey: null });
    expect((await rowOf(made.id, emma))?.wrappedKey).not.toBeNull();

    // refused whole, nothing stored: a wrap for the catalogue person, a person the item is not
    // left to, a key that is not the person's
    for (const extra of [
      async (id: string, ck: CryptoKey) => ({
        beneficiaryKeys: [
          { id: carlKey.id, wrappedKey: await wrapForBeneficiary(carlKey.bk, id, ck) },
        ],
        catalogue: [{ email: carl }],
      }),
      async () => ({ catalogue: [{ email: uniqueEmail("stranger") }] }),
      async (id: string) => ({
        catalogue: [{ email: carl, keyId: emmaKey.id, sealedTitle: await carlTitle(id) }],
      }),
    ]) {
      const refused = await newItem(extra);
      expect(refused.res.status).toBe(400);
      expect((await owner.client.json("GET", `/api/assets/${refused.id}`)).status).toBe(404);
    }
  });
});
