import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ASSET_FILES_JSON_LENGTH_HEADER } from "../../common/assets.js";
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
import { sealAsset, type CryptoKey } from "../../test/vault-crypto.js";
import { assets } from "../db/schema/index.js";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const wrapOf = (assetId: string) =>
  ctx.services.deps.db
    .select({ keyId: assets.beneficiaryKeyId, wrapped: assets.beneficiaryWrappedKey })
    .from(assets)
    .where(eq(assets.id, assetId))
    .then((r) => r[0]);
const noWrap = { keyId: null, wrapped: null };
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
    beneficiaryEmail,
    key,
  }: { beneficiaryEmail: string | null; key?: { id: string; bk: CryptoKey } },
) {
  const id = randomUUID();
  const sealed = await sealAsset(v.dk, id, { password: "x" });
  const res = await client.json("POST", "/api/assets", {
    id,
    type: "password",
    title: "Bank",
    beneficiaryEmail,
    wrappedKey: sealed.wrappedKey,
    encryptedData: sealed.encryptedData,
    ...(key
      ? {
          beneficiaryKey: {
            id: key.id,
            wrappedKey: await wrapForBeneficiary(key.bk, id, sealed.ck),
          },
        }
      : {}),
  });
  return { id, res, ...sealed };
}

describe("an asset's beneficiary wrap", () => {
  it("is taken on create only for one of the owner's keys of the asset's own address; nothing is created otherwise", async () => {
    const v = await ownerWithKeys();
    const good = await postAsset(v.owner.client, v, {
      beneficiaryEmail: v.heir1.toUpperCase(),
      key: v.key1,
    });
    expect(good.res.status).toBe(201);
    expect((await wrapOf(good.id))?.keyId).toBe(v.key1.id);
    expect(await pendingIds(v.owner.client)).not.toContain(good.id);

    for (const [beneficiaryEmail, key] of [
      [null, v.key1],
      [v.heir2, v.key1],
      [v.heir1, v.strangerKey],
      [v.heir1, { id: randomUUID(), bk: v.key1.bk }],
    ] as const) {
      const bad = await postAsset(v.owner.client, v, { beneficiaryEmail, key });
      expect(bad.res).toEqual(wrongKey);
      expect((await v.owner.client.request("GET", `/api/assets/${bad.id}`)).status).toBe(404);
    }
    const plain = await postAsset(v.owner.client, v, { beneficiaryEmail: v.heir1 });
    expect(plain.res.status).toBe(201);
    expect(await pendingIds(v.owner.client)).toEqual([plain.id]);
  });

  it("PATCH: kept by other changes; dropped when the address or the content key changes or the beneficiary goes, unless a new one comes", async () => {
    const v = await ownerWithKeys();
    const a = await postAsset(v.owner.client, v, { beneficiaryEmail: v.heir1, key: v.key1 });
    const patch = (body: object) =>
      v.owner.client.json("PATCH", `/api/assets/${a.id}`, body).then((r) => r.status);
    const wrapWith = async (key: { id: string; bk: CryptoKey }) => ({
      id: key.id,
      wrappedKey: await wrapForBeneficiary(key.bk, a.id, a.ck),
    });

    expect(await patch({ title: "Renamed", beneficiaryEmail: v.heir1.toUpperCase() })).toBe(200);
    expect((await wrapOf(a.id))?.keyId).toBe(v.key1.id);
    expect(await patch({ encryptedData: a.encryptedData })).toBe(200);
    expect((await wrapOf(a.id))?.keyId).toBe(v.key1.id);

    expect(await patch({ beneficiaryEmail: v.heir2 })).toBe(200);
    expect(await wrapOf(a.id)).toEqual(noWrap);
    expect(await pendingIds(v.owner.client)).toEqual([a.id]);

    expect(
      await v.owner.client.json("PATCH", `/api/assets/${a.id}`, {
        beneficiaryEmail: v.heir1,
        beneficiaryKey: await wrapWith(v.key2),
      }),
    ).toEqual(wrongKey);
    expect(await patch({ beneficiaryEmail: v.heir1, beneficiaryKey: await wrapWith(v.key1) })).toBe(
      200,
    );
    expect((await wrapOf(a.id))?.keyId).toBe(v.key1.id);
    expect(await pendingIds(v.owner.client)).toEqual([]);

    const resealed = await sealAsset(v.dk, a.id, { password: "y" });
    expect(
      await patch({ wrappedKey: resealed.wrappedKey, encryptedData: resealed.encryptedData }),
    ).toBe(200);
    expect(await wrapOf(a.id)).toEqual(noWrap);
    expect(
      await patch({
        wrappedKey: resealed.wrappedKey,
        encryptedData: resealed.encryptedData,
        beneficiaryKey: {
          id: v.key1.id,
          wrappedKey: await wrapForBeneficiary(v.key1.bk, a.id, resealed.ck),
        },
      }),
    ).toBe(200);
    expect((await wrapOf(a.id))?.keyId).toBe(v.key1.id);

    expect(await patch({ beneficiaryEmail: null })).toBe(200);
    expect(await wrapOf(a.id)).toEqual(noWrap);
    expect(await pendingIds(v.owner.client)).toEqual([]);
    expect(
      await v.owner.client.json("PATCH", `/api/assets/${a.id}`, {
        beneficiaryKey: await wrapWith(v.key1),
      }),
    ).toEqual(wrongKey);
  });

  it("PUT /api/assets/:id/files follows the same rules", async () => {
    const v = await ownerWithKeys();
    const note = await buildAsset(v.owner.client, {
      type: "note",
      beneficiaryEmail: v.heir1,
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
    expect((await put({ beneficiaryKey: wrap })).status).toBe(200);
    expect((await wrapOf(note.id))?.keyId).toBe(v.key1.id);
    expect((await put({ beneficiaryEmail: v.heir2, beneficiaryKey: wrap })).status).toBe(400);
    expect((await wrapOf(note.id))?.keyId).toBe(v.key1.id);
    expect((await put({ beneficiaryEmail: v.heir2 })).status).toBe(200);
    expect(await wrapOf(note.id)).toEqual(noWrap);
  });
});
