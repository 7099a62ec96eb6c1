import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BeneficiaryKeysView } from "../../common/keys.js";
import { buildAsset, dataKeyOf } from "../../test/factories/assets.js";
import {
  createBeneficiaryKey,
  makeBeneficiaryKey,
  wrapForBeneficiary,
} from "../../test/factories/beneficiary-keys.js";
import {
  buildUser,
  createTestContext,
  rowsOf,
  uniqueEmail,
  type TestContext,
} from "../../test/harness.js";
import type { Db } from "../db/client.js";

/**
 * A re-issue against a wrap written at the same time with the old key, on PostgreSQL (READ
 * COMMITTED, several connections; PGlite has one connection, so nothing runs at the same time).
 * Without the key row locks the re-issue could delete the key between the wrap's write and its
 * commit: ON DELETE SET NULL clears only the key id and leaves the wrap behind. With them, the
 * re-issue waits for the wrap and then clears it (docs/decisions/032, implementation notes).
 */
let ctx: TestContext;
let db: Db;
beforeAll(async () => {
  ctx = await createTestContext();
  db = ctx.services.deps.db;
});
afterAll(() => ctx.close());

/** Sessions of this database waiting for a lock. */
const lockWaiters = async () =>
  rowsOf<{ n: number }>(
    await db.execute(
      sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
    ),
  )[0]?.n ?? 0;
async function until(condition: () => Promise<boolean>, what: string) {
  for (let i = 0; i < 200; i++) {
    if (await condition()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/**
 * Holds the row locks of the asset's beneficiaries (where the wraps live, docs/decisions/053) in
 * a transaction of its own until `release` is called, so that a request writing a wrap stops
 * right before its write, with whatever locks it took before.
 */
async function holdWrapRows(assetId: string) {
  let release = () => {};
  const released = new Promise<void>((r) => (release = r));
  let locked = () => {};
  const isLocked = new Promise<void>((r) => (locked = r));
  const done = db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from asset_beneficiaries where asset_id = ${assetId} for update`);
    locked();
    await released;
  });
  await isLocked;
  return { release, done };
}

describe.runIf(process.env.TEST_DATABASE_URL)(
  "a re-issue and a wrap with the old key at once",
  () => {
    for (const via of ["PUT /api/keys/beneficiaries/:id/items", "PATCH /api/assets/:id"] as const)
      it(`the re-issue waits for the wrap (${via}) and then clears it: no wrap is left behind`, async () => {
        const owner = await buildUser(ctx);
        const dk = await dataKeyOf(owner.client);
        const heir = uniqueEmail("heir");
        const item = await buildAsset(owner.client, { beneficiaryEmails: [heir], dataKey: dk });
        const old = await createBeneficiaryKey(owner.client, dk, { email: heir });
        const wrap = {
          assetId: item.id,
          wrappedKey: await wrapForBeneficiary(old.bk, item.id, item.ck),
        };

        const held = await holdWrapRows(item.id);
        const wrapping =
          via === "PATCH /api/assets/:id"
            ? owner.client.json("PATCH", `/api/assets/${item.id}`, {
                beneficiaryKeys: [{ id: old.id, wrappedKey: wrap.wrappedKey }],
              })
            : owner.client.json("PUT", `/api/keys/beneficiaries/${old.id}/items`, {
                items: [wrap],
              });
        await until(async () => (await lockWaiters()) >= 1, "the wrap to wait for its row");
        const next = await makeBeneficiaryKey(dk, { email: heir, replaces: old.id });
        let isReissued = false;
        const reissue = owner.client
          .json("POST", "/api/keys/beneficiaries", next.body)
          .finally(() => (isReissued = true));
        // the re-issue waits for the key the wrap holds (without the lock it would finish now)
        await until(async () => (await lockWaiters()) >= 2 || isReissued, "the re-issue to wait");
        expect(isReissued).toBe(false);
        held.release();
        await held.done;
        expect((await wrapping).status).toBe(200);
        expect((await reissue).status).toBe(201);

        const [row] = rowsOf<{ key: string | null; wrapped: string | null }>(
          await db.execute(
            sql`select beneficiary_key_id as key, encode(wrapped_key, 'hex') as wrapped from asset_beneficiaries where asset_id = ${item.id}`,
          ),
        );
        expect(row).toEqual({ key: null, wrapped: null });
        const keys = await owner.client.json<BeneficiaryKeysView>("GET", "/api/keys/beneficiaries");
        expect(keys.body.pending.map((p) => p.assetId)).toEqual([item.id]);
        expect(keys.body.keys.map((k) => k.id)).toEqual([next.id]);
      });
  },
);
