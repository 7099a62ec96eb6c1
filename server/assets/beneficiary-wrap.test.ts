import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ASSET_FILES_JSON_LENGTH_HEADER } from "../../common/assets/files.js";
import { KEYS_MSG, type BeneficiaryKeysView } from "../../common/keys.js";
import { buildAsset, dataKeyOf } from "../../test/factories/assets.js";
import { createBeneficiaryKey, wrapForBeneficiary } from "../../test/factories/beneficiary-keys.js";
import {
  buildUser,
  createTestContext,
  uniqueEmail,
  type TestClient,
  type TestContext,
} from "../../test/harness.js";
import { sealAsset, sealTitle, type CryptoKey } from "../../test/vault-crypto.js";
import { assetBeneficiaries } from "../db/schema/index.js";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

/** The item's wraps by address: the key id, or null when that address has none. */
const wrapsOf = (assetId: string) =>
  ctx.services.deps.db
    .select({
      email: assetBeneficiaries.email,
      keyId: assetBeneficiaries.beneficiaryKeyId,
      wrapped: assetBeneficiaries.wrappedKey,
    })
    .from(assetBeneficiaries)
    .where(eq(assetBeneficiaries.assetId, assetId))
    .orderBy(assetBeneficiaries.position)
    .then((rows) => Object.fromEntries(rows.map((r) => [r.email, r.wrapped ? r.keyId : null])));
/** The one address's wrap (the tests below leave items to one person unless they say so). */
const wrapOf = async (assetId: string) => {
  const wraps = Object.values(await wrapsOf(assetId));
  return { keyId: wraps[0] ?? null };
};
const noWrap = { keyId: null };
const pendingIds = async (client: TestClient) =>
  (await client.json<BeneficiaryKeysView>("GET", "/api/keys/beneficiaries")).body.pending.map(
    (p) => p.assetId,
  );
const wrongKey = {
  status: 400,
  body: {
    error: {
      code: "VALIDATION",
      message: KEYS_MSG.wrongBeneficiaryKey,
      requestId: expect.any(String),
    },
  },
};

/** An owner with keys for two addresses, and another owner's key for the first address. */
async function ownerWithKeys() {
  const owner = await buildUser(ctx);
  const dk = await dataKeyOf(owner.client);
  const heir1 = uniqueEmail("heir1");
  const heir2 = uniqueEmail("heir2");
  const key1 = await createBeneficiaryKey(owner.client, dk, { email: heir1 });
  const key2 = await createBeneficiaryKey(owner.client, dk, { email: heir2 });
  const other = await buildUser(ctx);
  const strangerKey = await createBeneficiaryKey(other.client, await dataKeyOf(other.client), {
    email: heir1,
  });
  return { owner, dk, heir1, heir2, key1, key2, strangerKey };
}

/** POST /api/assets as the browser sends it, with its content key wrapped for `key` (if any). */
async function postAsset(
  client: TestClient,
  v: Awaited<ReturnType<typeof ownerWithKeys>>,
  {
    beneficiaryEmails,
    keys = [],
  }: { beneficiaryEmails: string[]; keys?: { id: string; bk: CryptoKey }[] },
) {
  const id = randomUUID();
  const sealed = await sealAsset(v.dk, id, { password: "x" });
  const res = await client.json("POST", "/api/assets", {
    id,
    type: "password",
    encryptedTitle: await sealTitle(sealed.ck, id, "Bank"),
    beneficiaryEmails,
    wrappedKey: sealed.wrappedKey,
    encryptedData: sealed.encryptedData,
    ...(keys.length
      ? {
          beneficiaryKeys: await Promise.all(
            keys.map(async (key) => ({
              id: key.id,
              wrappedKey: await wrapForBeneficiary(key.bk, id, sealed.ck),
            })),
          ),
        }
      : {}),
  });
  return { id, res, ...sealed };
}

describe("an asset's beneficiary wrap", () => {
  it("is taken on create only for one of the owner's keys of the asset's own address; nothing is created otherwise", async () => {
    const v = await ownerWithKeys();
    const good = await postAsset(v.owner.client, v, {
      beneficiaryEmails: [v.heir1.toUpperCase()],
      keys: [v.key1],
    });
    expect(good.res.status).toBe(201);
    expect((await wrapOf(good.id))?.keyId).toBe(v.key1.id);
    expect(await pendingIds(v.owner.client)).not.toContain(good.id);

    for (const [beneficiaryEmails, key] of [
      [[], v.key1],
      [[v.heir2], v.key1],
      [[v.heir1], v.strangerKey],
      [[v.heir1], { id: randomUUID(), bk: v.key1.bk }],
    ] as const) {
      const bad = await postAsset(v.owner.client, v, {
        beneficiaryEmails: [...beneficiaryEmails],
        keys: [key],
      });
      expect(bad.res).toEqual(wrongKey);
      expect((await v.owner.client.request("GET", `/api/assets/${bad.id}`)).status).toBe(404);
    }
    const plain = await postAsset(v.owner.client, v, { beneficiaryEmails: [v.heir1] });
    expect(plain.res.status).toBe(201);
    expect(await pendingIds(v.owner.client)).toEqual([plain.id]);
  });

  it("PATCH: kept by other changes; dropped when the address or the content key changes or the beneficiary goes, unless a new one comes", async () => {
    const v = await ownerWithKeys();
    const a = await postAsset(v.owner.client, v, { beneficiaryEmails: [v.heir1], keys: [v.key1] });
    const patch = (body: object) =>
      v.owner.client.json("PATCH", `/api/assets/${a.id}`, body).then((r) => r.status);
    const wrapWith = async (key: { id: string; bk: CryptoKey }) => ({
      id: key.id,
      wrappedKey: await wrapForBeneficiary(key.bk, a.id, a.ck),
    });

    expect(
      await patch({
        encryptedTitle: await sealTitle(a.ck, a.id, "Renamed"),
        beneficiaryEmails: [v.heir1.toUpperCase()],
      }),
    ).toBe(200);
    expect((await wrapOf(a.id))?.keyId).toBe(v.key1.id);
    expect(await patch({ encryptedData: a.encryptedData })).toBe(200);
    expect((await wrapOf(a.id))?.keyId).toBe(v.key1.id);

    expect(await patch({ beneficiaryEmails: [v.heir2] })).toBe(200);
    expect(await wrapOf(a.id)).toEqual(noWrap);
    expect(await pendingIds(v.owner.client)).toEqual([a.id]);

    expect(
      await v.owner.client.json("PATCH", `/api/assets/${a.id}`, {
        beneficiaryEmails: [v.heir1],
        beneficiaryKeys: [await wrapWith(v.key2)],
      }),
    ).toEqual(wrongKey);
    expect(
      await patch({ beneficiaryEmails: [v.heir1], beneficiaryKeys: [await wrapWith(v.key1)] }),
    ).toBe(200);
    expect((await wrapOf(a.id))?.keyId).toBe(v.key1.id);
    expect(await pendingIds(v.owner.client)).toEqual([]);

    const resealed = await sealAsset(v.dk, a.id, { password: "y" });
    expect(
      await patch({
        wrappedKey: resealed.wrappedKey,
        encryptedData: resealed.encryptedData,
        encryptedTitle: await sealTitle(resealed.ck, a.id, "Bank"),
      }),
    ).toBe(200);
    expect(await wrapOf(a.id)).toEqual(noWrap);
    expect(
      await patch({
        wrappedKey: resealed.wrappedKey,
        encryptedData: resealed.encryptedData,
        encryptedTitle: await sealTitle(resealed.ck, a.id, "Bank"),
        beneficiaryKeys: [
          { id: v.key1.id, wrappedKey: await wrapForBeneficiary(v.key1.bk, a.id, resealed.ck) },
        ],
      }),
    ).toBe(200);
    expect((await wrapOf(a.id))?.keyId).toBe(v.key1.id);

    expect(await patch({ beneficiaryEmails: [] })).toBe(200);
    expect(await wrapsOf(a.id)).toEqual({});
    expect(await pendingIds(v.owner.client)).toEqual([]);
    expect(
      await v.owner.client.json("PATCH", `/api/assets/${a.id}`, {
        beneficiaryKeys: [await wrapWith(v.key1)],
      }),
    ).toEqual(wrongKey);
  });

  it("PUT /api/assets/:id/files follows the same rules", async () => {
    const v = await ownerWithKeys();
    const note = await buildAsset(v.owner.client, {
      type: "note",
      beneficiaryEmails: [v.heir1],
      content: { text: "hi", audioRecording: null, attachment: null },
      dataKey: v.dk,
    });
    const sealed = await sealAsset(v.dk, note.id, {
      text: "again",
      audioRecording: null,
      attachment: null,
    });
    const put = (json: object) => {
      const head = Buffer.from(
        JSON.stringify({ encryptedData: sealed.encryptedData, files: {}, ...json }),
      );
      return v.owner.client.send("PUT", `/api/assets/${note.id}/files`, head, {
        "content-type": "application/octet-stream",
        [ASSET_FILES_JSON_LENGTH_HEADER]: String(head.length),
      });
    };
    const wrap = {
      id: v.key1.id,
      wrappedKey: await wrapForBeneficiary(v.key1.bk, note.id, note.ck),
    };
    expect((await put({ beneficiaryKeys: [wrap] })).status).toBe(200);
    expect((await wrapOf(note.id))?.keyId).toBe(v.key1.id);
    expect((await put({ beneficiaryEmails: [v.heir2], beneficiaryKeys: [wrap] })).status).toBe(400);
    expect((await wrapOf(note.id))?.keyId).toBe(v.key1.id);
    expect((await put({ beneficiaryEmails: [v.heir2] })).status).toBe(200);
    expect(await wrapOf(note.id)).toEqual(noWrap);
  });
});

describe("an item left to several people (docs/decisions/053)", () => {
  it("keeps one wrap per address; adding one leaves the others' wraps, removing one deletes its wrap, a new content key drops every wrap not sent", async () => {
    const v = await ownerWithKeys();
    const a = await postAsset(v.owner.client, v, {
      beneficiaryEmails: [v.heir1, v.heir2],
      keys: [v.key1, v.key2],
    });
    expect(a.res.status).toBe(201);
    expect(await wrapsOf(a.id)).toEqual({ [v.heir1]: v.key1.id, [v.heir2]: v.key2.id });
    expect(await pendingIds(v.owner.client)).toEqual([]);
    const patch = (body: object) =>
      v.owner.client.json("PATCH", `/api/assets/${a.id}`, body).then((r) => r.status);

    // the same key twice, or a third address's wrap, is refused and changes nothing
    const wrap1 = { id: v.key1.id, wrappedKey: await wrapForBeneficiary(v.key1.bk, a.id, a.ck) };
    expect(await patch({ beneficiaryKeys: [wrap1, wrap1] })).toBe(400);
    expect(await patch({ beneficiaryEmails: [v.heir2], beneficiaryKeys: [wrap1] })).toBe(400);
    expect(await wrapsOf(a.id)).toEqual({ [v.heir1]: v.key1.id, [v.heir2]: v.key2.id });

    // removing heir2 deletes their row and wrap; heir1 keeps theirs
    expect(await patch({ beneficiaryEmails: [v.heir1] })).toBe(200);
    expect(await wrapsOf(a.id)).toEqual({ [v.heir1]: v.key1.id });
    // adding heir2 back: pending until the browser wraps it again
    expect(await patch({ beneficiaryEmails: [v.heir2, v.heir1] })).toBe(200);
    expect(await wrapsOf(a.id)).toEqual({ [v.heir2]: null, [v.heir1]: v.key1.id });
    expect(await pendingIds(v.owner.client)).toEqual([a.id]);

    // a new content key with only heir1's wrap: heir2 stays pending, heir1 is wrapped
    const resealed = await sealAsset(v.dk, a.id, { password: "y" });
    expect(
      await patch({
        wrappedKey: resealed.wrappedKey,
        encryptedData: resealed.encryptedData,
        encryptedTitle: await sealTitle(resealed.ck, a.id, "Bank"),
        beneficiaryKeys: [
          { id: v.key1.id, wrappedKey: await wrapForBeneficiary(v.key1.bk, a.id, resealed.ck) },
        ],
      }),
    ).toBe(200);
    expect(await wrapsOf(a.id)).toEqual({ [v.heir2]: null, [v.heir1]: v.key1.id });
  });

  it("someone else cannot change another owner's item's beneficiaries nor wrap their own item with another owner's key", async () => {
    const v = await ownerWithKeys();
    const a = await postAsset(v.owner.client, v, { beneficiaryEmails: [v.heir1], keys: [v.key1] });
    const other = await buildUser(ctx);
    const res = await other.client.json("PATCH", `/api/assets/${a.id}`, {
      beneficiaryEmails: [v.heir1, uniqueEmail("thief")],
    });
    expect(res.status).toBe(404);
    expect(await wrapsOf(a.id)).toEqual({ [v.heir1]: v.key1.id });

    // the stranger's own item, left to the owner's heir, with the owner's key for that heir: refused
    const strangerDk = await dataKeyOf(other.client);
    const id = randomUUID();
    const sealed = await sealAsset(strangerDk, id, { password: "z" });
    const stolen = await other.client.json("POST", "/api/assets", {
      id,
      type: "password",
      encryptedTitle: await sealTitle(sealed.ck, id, "Mine"),
      beneficiaryEmails: [v.heir1],
      wrappedKey: sealed.wrappedKey,
      encryptedData: sealed.encryptedData,
      beneficiaryKeys: [
        { id: v.key1.id, wrappedKey: await wrapForBeneficiary(v.key1.bk, id, sealed.ck) },
      ],
    });
    expect(stolen).toEqual(wrongKey);
  });
});
