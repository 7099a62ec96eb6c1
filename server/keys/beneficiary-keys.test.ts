import { randomBytes, randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { KEYS_MSG, type BeneficiaryKeysView } from "../../common/keys.js";
import { failure } from "../../test/db-errors.js";
import { buildAsset, dataKeyOf } from "../../test/factories/assets.js";
import {
  createBeneficiaryKey,
  makeBeneficiaryKey,
  wrapForBeneficiary,
} from "../../test/factories/beneficiary-keys.js";
import { buildFirm } from "../../test/factories/firm.js";
import { buildInvitedMember } from "../../test/factories/people.js";
import {
  TestClient,
  buildUser,
  createTestContext,
  uniqueEmail,
  type TestContext,
} from "../../test/harness.js";
import { withActor, withClientView } from "../db/actor.js";
import type { Db } from "../db/client.js";
import { assetBeneficiaries, auditLog, beneficiaryKeys } from "../db/schema/index.js";

let ctx: TestContext;
let db: Db;
beforeAll(async () => {
  ctx = await createTestContext();
  db = ctx.services.deps.db;
});
afterAll(() => ctx.close());

const list = async (client: TestClient) => {
  const res = await client.json<BeneficiaryKeysView>("GET", "/api/keys/beneficiaries");
  expect(res.status).toBe(200);
  return res.body;
};
const pendingIds = async (client: TestClient) =>
  (await list(client)).pending.map((p) => p.assetId).sort();
/** The item's one beneficiary's wrap (these items are left to one person each). */
const wrapOf = (assetId: string) =>
  db
    .select({ keyId: assetBeneficiaries.beneficiaryKeyId, wrapped: assetBeneficiaries.wrappedKey })
    .from(assetBeneficiaries)
    .where(eq(assetBeneficiaries.assetId, assetId))
    .then((r) => r[0]);
const storedKeys = (userId: string) =>
  db.select().from(beneficiaryKeys).where(eq(beneficiaryKeys.userId, userId));
const audited = (userId: string, action: string) =>
  db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.actorId, userId), eq(auditLog.action, action)))
    .orderBy(auditLog.id);
const error = (message: string, code = "VALIDATION") => ({
  error: { code, message, requestId: expect.any(String) },
});

/** An owner with two items for heir1, one for heir2 and one for nobody. */
async function ownerWithItems() {
  const owner = await buildUser(ctx);
  const dk = await dataKeyOf(owner.client);
  const heir1 = uniqueEmail("heir1");
  const heir2 = uniqueEmail("heir2");
  const a1 = await buildAsset(owner.client, { beneficiaryEmails: [heir1], dataKey: dk });
  const a2 = await buildAsset(owner.client, {
    beneficiaryEmails: [heir1.toUpperCase()],
    dataKey: dk,
  });
  const a3 = await buildAsset(owner.client, { beneficiaryEmails: [heir2], dataKey: dk });
  const mine = await buildAsset(owner.client, { dataKey: dk });
  return { owner, dk, heir1, heir2, a1, a2, a3, mine };
}

describe("the owner's beneficiary keys", () => {
  it("lists pending items, creates a key (wrapping some), wraps the rest; never hands back a share", async () => {
    const v = await ownerWithItems();
    const before = await list(v.owner.client);
    expect(before.keys).toEqual([]);
    const stored = await v.owner.client.json<{ asset: { wrappedKey: string } }>(
      "GET",
      `/api/assets/${v.a1.id}`,
    );
    expect(before.pending).toContainEqual({
      assetId: v.a1.id,
      beneficiaryEmail: v.heir1,
      wrappedKey: stored.body.asset.wrappedKey,
      fromBeforeKeys: false,
    });
    expect(before.pending.map((p) => p.assetId).sort()).toEqual([v.a1.id, v.a2.id, v.a3.id].sort());
    expect(before.pending.find((p) => p.assetId === v.a2.id)?.beneficiaryEmail).toBe(v.heir1);

    const made = await makeBeneficiaryKey(v.dk, { email: v.heir1, items: [v.a1] });
    const res = await v.owner.client.request("POST", "/api/keys/beneficiaries", made.body);
    expect(res.status).toBe(201);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const view = await res.json();
    expect(view).toEqual({
      id: made.id,
      email: v.heir1,
      ownerWrappedKey: made.body.ownerWrappedKey,
      ownerWrappedAccessKey: made.body.ownerWrappedAccessKey,
      escrow: false,
      handedOverAt: null,
      createdAt: expect.any(String),
      itemCount: 2,
    });
    expect(await pendingIds(v.owner.client)).toEqual([v.a2.id, v.a3.id].sort());
    expect((await wrapOf(v.a1.id))?.keyId).toBe(made.id);
    expect((await wrapOf(v.a1.id))?.wrapped?.toString("base64")).toBe(
      made.body.items[0]?.wrappedKey,
    );

    const wrap = await v.owner.client.json("PUT", `/api/keys/beneficiaries/${made.id}/items`, {
      items: [
        { assetId: v.a2.id, wrappedKey: await wrapForBeneficiary(made.bk, v.a2.id, v.a2.ck) },
      ],
    });
    expect(wrap).toEqual({ status: 200, body: { wrapped: 1 } });
    const after = await list(v.owner.client);
    expect(after.pending.map((p) => p.assetId)).toEqual([v.a3.id]);
    expect(after.keys).toEqual([view]);
    expect(JSON.stringify(after)).not.toContain(made.body.serverShare);

    const [row] = await audited(v.owner.id, "keys.beneficiary_key_created");
    expect(row).toMatchObject({
      subjectId: made.id,
      details: { beneficiary: v.heir1, reissue: false, escrow: false },
    });
  });

  it("a second key for an address needs `replaces` naming the current one (409); a re-issue drops the old key's wraps", async () => {
    const v = await ownerWithItems();
    const first = await createBeneficiaryKey(v.owner.client, v.dk, {
      email: v.heir1,
      items: [v.a1, v.a2],
    });
    const conflict = error(KEYS_MSG.keyExists, "CONFLICT");
    for (const replaces of [undefined, randomUUID()]) {
      const again = await makeBeneficiaryKey(v.dk, { email: v.heir1, replaces, items: [v.a1] });
      expect(await v.owner.client.json("POST", "/api/keys/beneficiaries", again.body)).toEqual({
        status: 409,
        body: conflict,
      });
    }
    const fresh = await makeBeneficiaryKey(v.dk, { email: v.heir2, replaces: first.id });
    expect((await v.owner.client.json("POST", "/api/keys/beneficiaries", fresh.body)).status).toBe(
      409,
    );
    expect((await list(v.owner.client)).keys.map((k) => k.id)).toEqual([first.id]);
    expect((await wrapOf(v.a1.id))?.keyId).toBe(first.id);

    const second = await createBeneficiaryKey(v.owner.client, v.dk, {
      email: v.heir1,
      replaces: first.id,
      items: [v.a1],
    });
    expect((await storedKeys(v.owner.id)).map((k) => k.id)).toEqual([second.id]);
    expect((await wrapOf(v.a1.id))?.keyId).toBe(second.id);
    expect(await wrapOf(v.a2.id)).toEqual({ keyId: null, wrapped: null });
    expect(await pendingIds(v.owner.client)).toEqual([v.a2.id, v.a3.id].sort());
    expect(
      (await audited(v.owner.id, "keys.beneficiary_key_created")).map((r) => r.details),
    ).toEqual([
      { beneficiary: v.heir1, reissue: false, escrow: false },
      { beneficiary: v.heir1, reissue: true, escrow: false },
    ]);
    // the old key's id opens nothing any more
    expect(
      (
        await v.owner.client.json("PATCH", `/api/keys/beneficiaries/${first.id}`, {
          handedOver: true,
        })
      ).status,
    ).toBe(404);
  });

  it("PATCH: handed over (the time, again on each call) and escrow (sealed, opens to the access key); audited without a share", async () => {
    const v = await ownerWithItems();
    const key = await createBeneficiaryKey(v.owner.client, v.dk, { email: v.heir1 });
    const path = `/api/keys/beneficiaries/${key.id}`;
    const handed = await v.owner.client.json<{ handedOverAt: string }>("PATCH", path, {
      handedOver: true,
    });
    expect(handed.status).toBe(200);
    expect(Math.abs(Date.parse(handed.body.handedOverAt) - Date.now())).toBeLessThan(60_000);

    const again = await v.owner.client.json<{ handedOverAt: string }>("PATCH", path, {
      handedOver: true,
    });
    expect(Date.parse(again.body.handedOverAt)).toBeGreaterThan(
      Date.parse(handed.body.handedOverAt),
    );
    const escrowed = await v.owner.client.json("PATCH", path, {
      escrowAccessKey: key.accessKey.toString("base64"),
    });
    expect(escrowed.body).toMatchObject({ id: key.id, escrow: true, itemCount: 2 });
    const [row] = await storedKeys(v.owner.id);
    expect(row?.escrowShare?.includes(key.accessKey)).toBe(false);
    expect(
      ctx.services.deps.shareSealers.escrow
        .open(key.id, row?.escrowShare ?? Buffer.alloc(0))
        .equals(key.accessKey),
    ).toBe(true);
    expect(row?.serverShare.includes(key.serverShare)).toBe(false);
    expect(
      ctx.services.deps.shareSealers.serverShare
        .open(key.id, row?.serverShare ?? Buffer.alloc(0))
        .equals(key.serverShare),
    ).toBe(true);

    expect(await v.owner.client.json("PATCH", path, {})).toMatchObject({ status: 400 });
    const events = [
      ...(await audited(v.owner.id, "keys.access_key_handed_over")),
      ...(await audited(v.owner.id, "keys.escrow_chosen")),
    ];
    expect(events.map((e) => [e.action, e.subjectId, e.details])).toEqual([
      ["keys.access_key_handed_over", key.id, { beneficiary: v.heir1 }],
      ["keys.access_key_handed_over", key.id, { beneficiary: v.heir1 }],
      ["keys.escrow_chosen", key.id, { beneficiary: v.heir1 }],
    ]);
    const text = JSON.stringify(
      await db.select().from(auditLog).where(eq(auditLog.actorId, v.owner.id)),
    );
    for (const secret of [key.accessKey, key.serverShare])
      for (const enc of ["base64", "hex", "base64url"] as const)
        expect(text).not.toContain(secret.toString(enc));
  });

  it("refuses a share that is not 32 bytes, and items that do not name the key's address, writing nothing", async () => {
    const v = await ownerWithItems();
    const made = await makeBeneficiaryKey(v.dk, { email: v.heir1 });
    const notShares = [
      randomBytes(31).toString("base64"), // 44 characters too, with "=="
      randomBytes(33).toString("base64"), // 44 characters, no padding
      // base64url of bytes that give "_" (random bytes give neither "-" nor "_" one time in four)
      Buffer.alloc(32, 0xff).toString("base64url") + "=",
      "",
    ];
    for (const share of notShares) {
      for (const body of [
        { ...made.body, serverShare: share },
        { ...made.body, escrowAccessKey: share },
      ])
        expect((await v.owner.client.json("POST", "/api/keys/beneficiaries", body)).status).toBe(
          400,
        );
    }
    const stranger = await buildAsset((await buildUser(ctx)).client, {
      beneficiaryEmails: [v.heir1],
    });
    for (const item of [v.a3, v.mine, stranger]) {
      const bad = await makeBeneficiaryKey(v.dk, { email: v.heir1, items: [v.a1, item] });
      expect(await v.owner.client.json("POST", "/api/keys/beneficiaries", bad.body)).toEqual({
        status: 400,
        body: error(KEYS_MSG.itemNotForKey),
      });
    }
    expect(await storedKeys(v.owner.id)).toEqual([]);
    expect(await wrapOf(v.a1.id)).toEqual({ keyId: null, wrapped: null });

    const key = await createBeneficiaryKey(v.owner.client, v.dk, { email: v.heir1 });
    const items = [
      { assetId: v.a1.id, wrappedKey: await wrapForBeneficiary(key.bk, v.a1.id, v.a1.ck) },
      { assetId: v.a3.id, wrappedKey: await wrapForBeneficiary(key.bk, v.a3.id, v.a3.ck) },
    ];
    expect(
      await v.owner.client.json("PUT", `/api/keys/beneficiaries/${key.id}/items`, { items }),
    ).toEqual({ status: 400, body: error(KEYS_MSG.itemNotForKey) });
    expect(await wrapOf(v.a1.id)).toEqual({ keyId: null, wrapped: null });
    expect(await wrapOf(v.a3.id)).toEqual({ keyId: null, wrapped: null });
  });
});

describe("someone else cannot", () => {
  it("see, wrap with or change an owner's key: 404 like a missing one; no session 401", async () => {
    const v = await ownerWithItems();
    const key = await createBeneficiaryKey(v.owner.client, v.dk, { email: v.heir1, escrow: true });
    const firm = await buildFirm(ctx);
    const staff = await buildInvitedMember(ctx, firm.admin, "firm_staff");
    const joined = await v.owner.client.post("/api/firms/join", { code: firm.firmCode });
    expect(joined.status).toBe(200);
    // the firm looks at its client ('View as Client'), then tries the keys routes with the client's ids
    expect(
      (
        await firm.admin.request("POST", `/api/clients/${v.owner.id}/impersonation`, {
          active: true,
        })
      ).status,
    ).toBe(200);
    const other = await buildUser(ctx);
    const strangerAsset = await buildAsset(other.client, { beneficiaryEmails: [v.heir1] });
    for (const stranger of [other.client, firm.admin, staff.client]) {
      expect(await list(stranger)).toEqual({
        keys: [],
        pending:
          stranger === other.client ? [expect.objectContaining({ assetId: strangerAsset.id })] : [],
      });
      for (const id of [key.id, randomUUID(), "not-a-uuid"]) {
        expect(
          await stranger.json("PUT", `/api/keys/beneficiaries/${id}/items`, {
            items: [
              { assetId: v.a1.id, wrappedKey: await wrapForBeneficiary(key.bk, v.a1.id, v.a1.ck) },
            ],
          }),
        ).toMatchObject({ status: 404 });
        expect(
          await stranger.json("PATCH", `/api/keys/beneficiaries/${id}`, { handedOver: true }),
        ).toMatchObject({ status: 404 });
      }
      // nor take the owner's address over by naming the owner's key
      const taken = await makeBeneficiaryKey(v.dk, { email: v.heir1, replaces: key.id });
      expect((await stranger.json("POST", "/api/keys/beneficiaries", taken.body)).status).toBe(409);
    }
    expect(await wrapOf(v.a1.id)).toEqual({ keyId: null, wrapped: null });
    const [row] = await storedKeys(v.owner.id);
    expect(row?.handedOverAt).toBeNull();
    expect((await new TestClient(ctx).json("GET", "/api/keys/beneficiaries")).status).toBe(401);
  });

  it("below the API: lv_app sees only the actor's own keys; lv_client_view sees none at all", async () => {
    const v = await ownerWithItems();
    await createBeneficiaryKey(v.owner.client, v.dk, { email: v.heir1 });
    const other = await buildUser(ctx);
    const otherDk = await dataKeyOf(other.client);
    const otherKey = await createBeneficiaryKey(other.client, otherDk, { email: v.heir1 });
    const seen = await withActor(db, { userId: other.id }, (tx) =>
      tx.select({ id: beneficiaryKeys.id }).from(beneficiaryKeys),
    );
    expect(seen).toEqual([{ id: otherKey.id }]);
    expect(
      await withActor(db, { userId: other.id }, (tx) =>
        tx.delete(beneficiaryKeys).where(eq(beneficiaryKeys.userId, v.owner.id)).returning(),
      ),
    ).toEqual([]);
    // an item's beneficiary cannot point at another owner's key (the owner is part of the reference)
    expect(
      await failure(
        withActor(db, { userId: v.owner.id }, (tx) =>
          tx
            .update(assetBeneficiaries)
            .set({ beneficiaryKeyId: otherKey.id })
            .where(eq(assetBeneficiaries.assetId, v.a1.id)),
        ),
      ),
    ).toMatch(/foreign key/);
    // nor change the server share
    expect(
      await failure(
        withActor(db, { userId: other.id }, (tx) =>
          tx.update(beneficiaryKeys).set({ serverShare: Buffer.alloc(60) }),
        ),
      ),
    ).toMatch(/permission denied/);

    const firm = await buildFirm(ctx);
    const client = await buildUser(ctx);
    expect((await client.client.post("/api/firms/join", { code: firm.firmCode })).status).toBe(200);
    await createBeneficiaryKey(client.client, await dataKeyOf(client.client), { email: v.heir2 });
    expect(
      await failure(
        withClientView(db, { userId: firm.adminId, clientId: client.id }, (tx) =>
          tx.select({ id: beneficiaryKeys.id }).from(beneficiaryKeys),
        ),
      ),
    ).toMatch(/permission denied/);
    expect(
      await failure(
        withClientView(db, { userId: firm.adminId, clientId: client.id }, (tx) =>
          tx.select({ id: assetBeneficiaries.wrappedKey }).from(assetBeneficiaries),
        ),
      ),
    ).toMatch(/permission denied/);
    const grants = await db.execute(
      sql`select grantee, privilege_type from information_schema.role_table_grants where table_name = 'beneficiary_keys' and grantee like 'lv_%' order by 1, 2`,
    );
    expect(JSON.stringify(grants)).not.toContain("lv_client_view");
  });
});
