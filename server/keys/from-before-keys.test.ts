import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ASSET_FILES_JSON_LENGTH_HEADER } from "../../common/assets.js";
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
import { sealAsset } from "../../test/vault-crypto.js";
import { withActor } from "../db/actor.js";
import type { Db } from "../db/client.js";
import { assets } from "../db/schema/index.js";

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
/** What migration 0022 did to the items that existed before it (as the database owner). */
const markAsFromBefore = (ids: string[]) =>
  db.update(assets).set({ namedBeforeKeys: true }).where(inArray(assets.id, ids));
const storedMark = (id: string) =>
  db
    .select({ mark: assets.namedBeforeKeys })
    .from(assets)
    .where(eq(assets.id, id))
    .then((r) => r[0]?.mark);

describe("pending items from before beneficiary keys", () => {
  it("reports the mark; an address change (PATCH or PUT files) clears it for good; letter case and other edits keep it", async () => {
    const owner = await buildUser(ctx);
    const dk = await dataKeyOf(owner.client);
    const heir1 = uniqueEmail("heir1");
    const heir2 = uniqueEmail("heir2");
    const kept = await buildAsset(owner.client, { beneficiaryEmail: heir1, dataKey: dk });
    const moved = await buildAsset(owner.client, { beneficiaryEmail: heir1, dataKey: dk });
    const cleared = await buildAsset(owner.client, { beneficiaryEmail: heir2, dataKey: dk });
    const note = await buildAsset(owner.client, {
      type: "note",
      beneficiaryEmail: heir1,
      content: { text: "hi", audioRecording: null, attachment: null },
      dataKey: dk,
    });
    await markAsFromBefore([kept.id, moved.id, cleared.id, note.id]);
    const fresh = await buildAsset(owner.client, { beneficiaryEmail: heir1, dataKey: dk });
    expect(await fromBefore(owner.client)).toEqual({
      [kept.id]: true,
      [moved.id]: true,
      [cleared.id]: true,
      [note.id]: true,
      [fresh.id]: false,
    });

    const patch = (id: string, body: object) =>
      owner.client.json("PATCH", `/api/assets/${id}`, body).then((r) => r.status);
    expect(await patch(kept.id, { title: "Renamed", beneficiaryEmail: heir1.toUpperCase() })).toBe(
      200,
    );
    expect(await patch(moved.id, { beneficiaryEmail: heir2 })).toBe(200);
    expect(await patch(moved.id, { beneficiaryEmail: heir1 })).toBe(200);
    expect(await patch(cleared.id, { beneficiaryEmail: null })).toBe(200);
    expect(await storedMark(cleared.id)).toBe(false);
    expect(await patch(cleared.id, { beneficiaryEmail: heir2 })).toBe(200);

    const sealed = await sealAsset(dk, note.id, {
      text: "again",
      audioRecording: null,
      attachment: null,
    });
    const head = Buffer.from(
      JSON.stringify({ encryptedData: sealed.encryptedData, files: {}, beneficiaryEmail: heir2 }),
    );
    const put = await owner.client.send("PUT", `/api/assets/${note.id}/files`, head, {
      "content-type": "application/octet-stream",
      [ASSET_FILES_JSON_LENGTH_HEADER]: String(head.length),
    });
    expect(put.status).toBe(200);

    expect(await fromBefore(owner.client)).toEqual({
      [kept.id]: true,
      [moved.id]: false,
      [cleared.id]: false,
      [note.id]: false,
      [fresh.id]: false,
    });
  });

  it("below the API: lv_app can neither insert an item with the mark nor set it", async () => {
    const owner = await buildUser(ctx);
    const other = await buildUser(ctx);
    const row = (namedBeforeKeys: boolean) => ({
      id: randomUUID(),
      userId: owner.id,
      type: "password" as const,
      title: "Bank",
      beneficiaryEmail: uniqueEmail("heir"),
      wrappedKey: Buffer.alloc(60),
      encryptedData: Buffer.alloc(60),
      namedBeforeKeys,
    });
    const insert = (values: ReturnType<typeof row>) =>
      withActor(db, { userId: owner.id }, (tx) =>
        tx.insert(assets).values(values).returning({ id: assets.id }),
      );
    // the check can fail: the same row without the mark goes in
    const plain = row(false);
    expect(await insert(plain)).toEqual([{ id: plain.id }]);
    expect(await failure(insert(row(true)))).toMatch(/row-level security/);

    const existing = await buildAsset(owner.client, { beneficiaryEmail: uniqueEmail("heir") });
    for (const userId of [owner.id, other.id])
      expect(
        await failure(
          withActor(db, { userId }, (tx) =>
            tx.update(assets).set({ namedBeforeKeys: true }).where(eq(assets.id, existing.id)),
          ),
        ),
      ).toMatch(/permission denied/);
    expect(await storedMark(existing.id)).toBe(false);
  });

  // last in this file: the statement marks every item of the database, as the migration did
  it("migration 0022 marks exactly the items that named an address", async () => {
    const owner = await buildUser(ctx);
    const named = await buildAsset(owner.client, { beneficiaryEmail: uniqueEmail("heir") });
    const mine = await buildAsset(owner.client, {});
    const file = await readFile(
      new URL("../db/migrations/0022_beneficiary_keys.sql", import.meta.url),
      "utf8",
    );
    const statement = file
      .split("--> statement-breakpoint")
      .map((s) => s.trim())
      .find((s) => s.startsWith("UPDATE assets SET named_before_keys"));
    expect(statement).toBeDefined();
    await db.execute(sql.raw(statement ?? ""));
    expect([await storedMark(named.id), await storedMark(mine.id)]).toEqual([true, false]);
  });
});
