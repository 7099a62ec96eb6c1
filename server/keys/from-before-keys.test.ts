import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ASSET_FILES_JSON_LENGTH_HEADER } from "../../common/assets/files.js";
import type { BeneficiaryKeysView } from "../../common/keys.js";
import { failure } from "../../test/db-errors.js";
import { buildAsset, dataKeyOf } from "../../test/factories/assets.js";
import {
  buildUser,
  createTestContext,
  uniqueEmail,
  type TestClient,
  type TestContext,
} from "../../test/harness.js";
import { sealAsset, sealTitle } from "../../test/vault-crypto.js";
import { withActor } from "../db/actor.js";
import type { Db } from "../db/client.js";
import { assetBeneficiaries } from "../db/schema/index.js";

/**
 * pending[].fromBeforeKeys (docs/decisions/032, "Defaults"): only items that named their address
 * before beneficiary keys existed (migration 0022 marked them) move over to an escrowed key. The
 * mark goes for good when the address changes, and the app role can never set it.
 */
let ctx: TestContext;
let db: Db;
beforeAll(async () => {
  ctx = await createTestContext();
  db = ctx.services.deps.db;
});
afterAll(() => ctx.close());

const fromBefore = async (client: TestClient) => {
  const res = await client.json<BeneficiaryKeysView>("GET", "/api/keys/beneficiaries");
  expect(res.status).toBe(200);
  return Object.fromEntries(res.body.pending.map((p) => [p.assetId, p.fromBeforeKeys]));
};
/** What migration 0022 did to the items that existed before it (carried by 0036; as the database owner). */
const markAsFromBefore = (ids: string[]) =>
  db
    .update(assetBeneficiaries)
    .set({ namedBeforeKeys: true })
    .where(inArray(assetBeneficiaries.assetId, ids));
const storedMark = (id: string) =>
  db
    .select({ mark: assetBeneficiaries.namedBeforeKeys })
    .from(assetBeneficiaries)
    .where(eq(assetBeneficiaries.assetId, id))
    .then((r) => r[0]?.mark);

describe("pending items from before beneficiary keys", () => {
  it("reports the mark; an address change (PATCH or PUT files) clears it for good; letter case and other edits keep it", async () => {
    const owner = await buildUser(ctx);
    const dk = await dataKeyOf(owner.client);
    const heir1 = uniqueEmail("heir1");
    const heir2 = uniqueEmail("heir2");
    const kept = await buildAsset(owner.client, { beneficiaryEmails: [heir1], dataKey: dk });
    const moved = await buildAsset(owner.client, { beneficiaryEmails: [heir1], dataKey: dk });
    const cleared = await buildAsset(owner.client, { beneficiaryEmails: [heir2], dataKey: dk });
    const note = await buildAsset(owner.client, {
      type: "note",
      beneficiaryEmails: [heir1],
      content: { text: "hi", audioRecording: null, attachment: null },
      dataKey: dk,
    });
    await markAsFromBefore([kept.id, moved.id, cleared.id, note.id]);
    const fresh = await buildAsset(owner.client, { beneficiaryEmails: [heir1], dataKey: dk });
    expect(await fromBefore(owner.client)).toEqual({
      [kept.id]: true,
      [moved.id]: true,
      [cleared.id]: true,
      [note.id]: true,
      [fresh.id]: false,
    });

    const patch = (id: string, body: object) =>
      owner.client.json("PATCH", `/api/assets/${id}`, body).then((r) => r.status);
    expect(
      await patch(kept.id, {
        encryptedTitle: await sealTitle(kept.ck, kept.id, "Renamed"),
        beneficiaryEmails: [heir1.toUpperCase()],
      }),
    ).toBe(200);
    expect(await patch(moved.id, { beneficiaryEmails: [heir2] })).toBe(200);
    expect(await patch(moved.id, { beneficiaryEmails: [heir1] })).toBe(200);
    expect(await patch(cleared.id, { beneficiaryEmails: [] })).toBe(200);
    expect(await storedMark(cleared.id)).toBeUndefined();
    expect(await patch(cleared.id, { beneficiaryEmails: [heir2] })).toBe(200);
    // a second person added keeps the first one's mark (it is per address, docs/decisions/053)
    expect(await patch(kept.id, { beneficiaryEmails: [heir1, heir2] })).toBe(200);

    const sealed = await sealAsset(dk, note.id, {
      text: "again",
      audioRecording: null,
      attachment: null,
    });
    const head = Buffer.from(
      JSON.stringify({
        encryptedData: sealed.encryptedData,
        files: {},
        beneficiaryEmails: [heir2],
      }),
    );
    const put = await owner.client.send("PUT", `/api/assets/${note.id}/files`, head, {
      "content-type": "application/octet-stream",
      [ASSET_FILES_JSON_LENGTH_HEADER]: String(head.length),
    });
    expect(put.status).toBe(200);

    const pending = await owner.client.json<BeneficiaryKeysView>("GET", "/api/keys/beneficiaries");
    expect(
      Object.fromEntries(
        pending.body.pending.map((p) => [`${p.assetId} ${p.beneficiaryEmail}`, p.fromBeforeKeys]),
      ),
    ).toEqual({
      [`${kept.id} ${heir1}`]: true,
      [`${kept.id} ${heir2}`]: false,
      [`${moved.id} ${heir1}`]: false,
      [`${cleared.id} ${heir2}`]: false,
      [`${note.id} ${heir2}`]: false,
      [`${fresh.id} ${heir1}`]: false,
    });
  });

  it("below the API: lv_app can neither insert an item with the mark nor set it", async () => {
    const owner = await buildUser(ctx);
    const other = await buildUser(ctx);
    const existing = await buildAsset(owner.client, { beneficiaryEmails: [uniqueEmail("heir")] });
    const row = (namedBeforeKeys: boolean) => ({
      assetId: existing.id,
      userId: owner.id,
      email: uniqueEmail("heir"),
      position: 1,
      namedBeforeKeys,
    });
    const insert = (values: ReturnType<typeof row>) =>
      withActor(db, { userId: owner.id }, (tx) =>
        tx.insert(assetBeneficiaries).values(values).returning({ email: assetBeneficiaries.email }),
      );
    // the check can fail: the same row without the mark goes in
    const plain = row(false);
    expect(await insert(plain)).toEqual([{ email: plain.email }]);
    expect(await failure(insert(row(true)))).toMatch(/row-level security/);

    for (const userId of [owner.id, other.id])
      expect(
        await failure(
          withActor(db, { userId }, (tx) =>
            tx
              .update(assetBeneficiaries)
              .set({ namedBeforeKeys: true })
              .where(eq(assetBeneficiaries.assetId, existing.id)),
          ),
        ),
      ).toMatch(/permission denied/);
    expect(await storedMark(existing.id)).toBe(false);
  });
});
