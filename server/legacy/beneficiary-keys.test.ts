import { randomBytes } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { KEYS_MSG } from "../../common/keys.js";
import {
  LEGACY_MSG,
  type LegacyItem,
  type LegacyItemDetail,
  type LegacyItemsView,
} from "../../common/legacy.js";
import type { ReleasePlanView } from "../../common/release.js";
import { buildAsset, dataKeyOf } from "../../test/factories/assets.js";
import {
  createBeneficiaryKey,
  openBeneficiaryWrap,
  openListedTitle,
} from "../../test/factories/beneficiary-keys.js";
import { buildFirm } from "../../test/factories/firm.js";
import { buildInvitedMember } from "../../test/factories/people.js";
import {
  DAY_MS,
  advance,
  mailsTo,
  portalClient,
  releaseByAttestation,
} from "../../test/factories/release.js";
import {
  TestClient,
  buildUser,
  createTestContext,
  rowsOf,
  uniqueEmail,
  type TestContext,
} from "../../test/harness.js";
import { decryptBytes, type CryptoKey } from "../../test/vault-crypto.js";
import { assetBeneficiaries, releases, userKeys } from "../db/schema/index.js";
import { createOffsetClock } from "../clock.js";

let ctx: TestContext;
const clock = createOffsetClock();
beforeAll(async () => {
  ctx = await createTestContext({}, { clock });
});
afterAll(() => ctx.close());

const { subtle } = globalThis.crypto;
const openContent = async (ck: CryptoKey, item: LegacyItemDetail) =>
  JSON.parse((await decryptBytes(ck, Buffer.from(item.encryptedData, "base64"))).toString());

/** Every row of `table` as JSON text (bytea as \x hex), to look for a secret's bytes anywhere in it. */
const tableText = async (table: string) =>
  rowsOf<{ row: string }>(
    await ctx.services.deps.db.execute(
      sql`select row_to_json(t)::text as row from ${sql.identifier(table)} t`,
    ),
  )
    .map((r) => r.row)
    .join("\n")
    .toLowerCase();
const encodings = (secret: Buffer) =>
  [secret.toString("hex"), secret.toString("base64"), secret.toString("base64url")].map((s) =>
    s.toLowerCase(),
  );

/**
 * A firm client's vault: a password for heirA wrapped with heirA's hand-over key, a note for heirB
 * wrapped with heirB's escrowed key; never wrapped (pending at release): a password for heirA
 * (hand-over key), a note for heirB (escrowed key) and a note for heirC (no key at all).
 */
async function ownerWithKeys() {
  const firm = await buildFirm(ctx);
  const owner = await buildInvitedMember(ctx, firm.admin, "regular_user", "Olga Owner");
  const dk = await dataKeyOf(owner.client);
  const heirA = uniqueEmail("heir-a");
  const heirB = uniqueEmail("heir-b");
  const secret = `pw-${randomBytes(8).toString("hex")}`;
  const wrapped = await buildAsset(owner.client, {
    title: "Bank",
    beneficiaryEmails: [heirA],
    content: { password: secret },
    dataKey: dk,
  });
  const escrowed = await buildAsset(owner.client, {
    type: "note",
    title: "Letter",
    beneficiaryEmails: [heirB],
    content: { text: "Dear B" },
    dataKey: dk,
  });
  const keyA = await createBeneficiaryKey(owner.client, dk, { email: heirA, items: [wrapped] });
  const keyB = await createBeneficiaryKey(owner.client, dk, {
    email: heirB,
    escrow: true,
    items: [escrowed],
  });
  const pending = await buildAsset(owner.client, {
    title: "Shop",
    beneficiaryEmails: [heirA],
    content: { password: "not prepared" },
    dataKey: dk,
  });
  const pendingEscrowed = await buildAsset(owner.client, {
    type: "note",
    title: "Recipes",
    beneficiaryEmails: [heirB],
    content: { text: "old way, escrowed" },
    dataKey: dk,
  });
  const heirC = uniqueEmail("heir-c");
  const noKey = await buildAsset(owner.client, {
    type: "note",
    title: "Diary",
    beneficiaryEmails: [heirC],
    content: { text: "old way, no key" },
    dataKey: dk,
  });
  return {
    ...{ firm, owner, dk, heirA, heirB, heirC, secret, keyA, keyB },
    ...{ wrapped, escrowed, pending, pendingEscrowed, noKey },
  };
}

const release = (v: { firm: { admin: TestClient }; owner: { id: string; client: TestClient } }) =>
  releaseByAttestation(ctx, clock, { firmAdmin: v.firm.admin, owner: v.owner });

/** The server-held ways into an item: none of them may appear in a refusal. */
const secretsOf = (v: Awaited<ReturnType<typeof ownerWithKeys>>) =>
  [v.keyA.serverShare, v.keyA.accessKey, v.keyB.serverShare, v.keyB.accessKey].map((b) =>
    b.toString("base64"),
  );

/** 409 with KEYS_MSG.itemNotReady: no content key, no share; and no "viewed" in the audit log. */
async function expectNotReady(
  client: TestClient,
  id: string,
  v: Awaited<ReturnType<typeof ownerWithKeys>>,
) {
  const res = await client.request("GET", `/api/legacy/items/${id}`);
  const text = await res.text();
  expect({ status: res.status, body: JSON.parse(text) }).toEqual({
    status: 409,
    body: {
      error: { code: "CONFLICT", message: KEYS_MSG.itemNotReady, requestId: expect.any(String) },
    },
  });
  expect(text).not.toContain("contentKey");
  for (const secret of secretsOf(v)) expect(text).not.toContain(secret);
  const viewed = rowsOf<{ n: number }>(
    await ctx.services.deps.db.execute(
      sql`select count(*)::int as n from audit_log where action = 'legacy.item_viewed' and details->>'assetId' = ${id}`,
    ),
  );
  expect(viewed[0]?.n).toBe(0);
}

/** Opens an item handed over the decision-009 way (the server unwrapped its content key). */
async function openOldWay(item: LegacyItemDetail) {
  if (item.key.kind !== "content-key")
    throw new Error(`expected a content key, got ${item.key.kind}`);
  const ck = await subtle.importKey(
    "raw",
    Buffer.from(item.key.contentKey, "base64"),
    "AES-GCM",
    false,
    ["decrypt"],
  );
  return openContent(ck, item);
}

const item = async (client: TestClient, id: string) => {
  const res = await client.json<{ item: LegacyItemDetail }>("GET", `/api/legacy/items/${id}`);
  expect(res.status).toBe(200);
  return res.body.item;
};

describe("the portal with beneficiary keys", () => {
  it("after a release, hands the proven address the wrap and the server's share: with the access key it opens, without it it does not", async () => {
    const v = await ownerWithKeys();
    // another owner's item for heirA, wrapped too, but never released
    const other = await buildUser(ctx);
    const otherDk = await dataKeyOf(other.client);
    const unreleased = await buildAsset(other.client, {
      beneficiaryEmails: [v.heirA],
      dataKey: otherDk,
    });
    await createBeneficiaryKey(other.client, otherDk, { email: v.heirA, items: [unreleased] });
    // before the release: no code is sent, so no session
    expect(
      (await new TestClient(ctx).json("POST", "/api/legacy/code", { email: v.heirA })).status,
    ).toBe(200);
    expect(await mailsTo(ctx, v.heirA)).toEqual([]);

    await release(v);
    const a = await portalClient(ctx, v.heirA);
    const got = await item(a, v.wrapped.id);
    expect(got.key).toEqual({
      kind: "beneficiary-key",
      beneficiaryKeyId: v.keyA.id,
      serverShare: v.keyA.serverShare.toString("base64"),
      escrowShare: null,
      wrappedKey: v.keyA.body.items[0]?.wrappedKey,
    });
    if (got.key.kind !== "beneficiary-key") throw new Error("not a beneficiary key");
    const ck = await openBeneficiaryWrap({
      serverShare: got.key.serverShare,
      accessKey: v.keyA.accessKey,
      assetId: v.wrapped.id,
      wrappedKey: got.key.wrappedKey,
    });
    expect(await openContent(ck, got)).toEqual({ password: v.secret });
    for (const accessKey of [Buffer.alloc(32), randomBytes(32), v.keyB.accessKey])
      await expect(
        openBeneficiaryWrap({
          serverShare: got.key.serverShare,
          accessKey,
          assetId: v.wrapped.id,
          wrappedKey: got.key.wrappedKey,
        }),
      ).rejects.toThrow();
    // the server share alone is not the key either
    const shareAlone = await subtle.importKey(
      "raw",
      Buffer.from(got.key.serverShare, "base64"),
      "AES-GCM",
      false,
      ["unwrapKey"],
    );
    const blob = Buffer.from(got.key.wrappedKey, "base64");
    await expect(
      subtle.unwrapKey(
        "raw",
        blob.subarray(12),
        shareAlone,
        { name: "AES-GCM", iv: blob.subarray(0, 12), additionalData: Buffer.from(v.wrapped.id) },
        "AES-GCM",
        false,
        ["decrypt"],
      ),
    ).rejects.toThrow();

    // the item not wrapped for heirA's hand-over key is not opened by the server either
    await expectNotReady(a, v.pending.id, v);

    // only to the proven address, only released items
    expect((await a.json("GET", `/api/legacy/items/${v.escrowed.id}`)).status).toBe(404);
    expect((await a.json("GET", `/api/legacy/items/${unreleased.id}`)).status).toBe(404);
    expect(
      (await new TestClient(ctx).json("GET", `/api/legacy/items/${v.wrapped.id}`)).status,
    ).toBe(401);
  });

  it("lists each item's sealed title with the key its page gives; an item not ready is listed without one (docs/decisions/080)", async () => {
    const v = await ownerWithKeys();
    await release(v);
    const listOf = async (client: TestClient) => {
      const res = await client.json<LegacyItemsView>("GET", "/api/legacy/items");
      expect(res.status).toBe(200);
      return res.body.items;
    };
    const found = (items: LegacyItem[], id: string) => {
      const listed = items.find((i) => i.id === id);
      if (!listed) throw new Error(`${id} is not listed`);
      return listed;
    };

    // heirA, a hand-over key: the wrapped item opens with the access key only; the pending one
    // shows that it is there and from whom, and nothing that opens it. By owner, then oldest first.
    const a = await portalClient(ctx, v.heirA);
    const listA = await listOf(a);
    expect(listA.map((i) => i.id)).toEqual([v.wrapped.id, v.pending.id]);
    const wrapped = found(listA, v.wrapped.id);
    expect(wrapped).toMatchObject({ title: null, encryptedTitle: v.wrapped.asset.encryptedTitle });
    expect(wrapped.key).toEqual((await item(a, v.wrapped.id)).key);
    expect(await openListedTitle(wrapped, v.keyA.accessKey)).toBe("Bank");
    await expect(openListedTitle(wrapped, v.keyB.accessKey)).rejects.toThrow();
    const pending = found(listA, v.pending.id);
    expect(pending).toMatchObject({ key: null, title: null, ownerName: "Olga Owner" });
    const pendingText = JSON.stringify(pending);
    for (const secret of secretsOf(v)) expect(pendingText).not.toContain(secret);

    // heirB, an escrowed key: titles open with the code alone, the pending one the old way
    const listB = await listOf(await portalClient(ctx, v.heirB));
    expect(await openListedTitle(found(listB, v.escrowed.id))).toBe("Letter");
    expect(found(listB, v.pendingEscrowed.id).key?.kind).toBe("content-key");
    expect(await openListedTitle(found(listB, v.pendingEscrowed.id))).toBe("Recipes");
    // heirC, no key at all: the old way
    const listC = await listOf(await portalClient(ctx, v.heirC));
    expect(await Promise.all(listC.map((i) => openListedTitle(i)))).toEqual(["Diary"]);
    // one address's list holds nothing of another's
    for (const other of [v.escrowed, v.pendingEscrowed, v.noKey])
      expect(JSON.stringify(listA)).not.toContain(other.asset.encryptedTitle ?? "none");
  });

  it("an escrowed key's access key comes with the item; a wrap for another address's key is not handed out", async () => {
    const v = await ownerWithKeys();
    // a wrap that points at heirB's key on an item left to heirA (only the database could do this)
    await ctx.services.deps.db
      .update(assetBeneficiaries)
      .set({ beneficiaryKeyId: v.keyB.id, wrappedKey: randomBytes(60) })
      .where(eq(assetBeneficiaries.assetId, v.pending.id));
    await release(v);
    const b = await portalClient(ctx, v.heirB);
    const got = await item(b, v.escrowed.id);
    if (got.key.kind !== "beneficiary-key") throw new Error("not a beneficiary key");
    expect(got.key.escrowShare).toBe(v.keyB.accessKey.toString("base64"));
    const ck = await openBeneficiaryWrap({
      serverShare: got.key.serverShare,
      accessKey: Buffer.from(got.key.escrowShare ?? "", "base64"),
      assetId: v.escrowed.id,
      wrappedKey: got.key.wrappedKey,
    });
    expect(await openContent(ck, got)).toEqual({ text: "Dear B" });

    // heirA has a hand-over key: the item wrapped for another address's key is refused outright
    await expectNotReady(await portalClient(ctx, v.heirA), v.pending.id, v);
  });

  it("an item not wrapped for its address's key: refused under a hand-over key; opened the old way under an escrowed key or with no key", async () => {
    const v = await ownerWithKeys();
    await release(v);
    const a = await portalClient(ctx, v.heirA);
    await expectNotReady(a, v.pending.id, v);
    // the wrapped item next to it still opens with the access key
    expect((await item(a, v.wrapped.id)).key.kind).toBe("beneficiary-key");
    const b = await portalClient(ctx, v.heirB);
    expect(await openOldWay(await item(b, v.pendingEscrowed.id))).toEqual({
      text: "old way, escrowed",
    });
    const c = await portalClient(ctx, v.heirC);
    expect(await openOldWay(await item(c, v.noKey.id))).toEqual({ text: "old way, no key" });
  });

  it("without the owner's escrowed data key (moved over, decision 038), an item never wrapped answers 409, never 500", async () => {
    const v = await ownerWithKeys();
    await release(v);
    // the owner moved over and the server's escrowed copy is gone (as the browser's wraps replace it)
    await ctx.services.deps.db
      .update(userKeys)
      .set({
        wrappedKey: null,
        kdfSalt: randomBytes(16),
        kdfIterations: 600_000,
        passwordWrappedKey: randomBytes(60),
      })
      .where(eq(userKeys.userId, v.owner.id));
    const b = await portalClient(ctx, v.heirB);
    await expectNotReady(b, v.pendingEscrowed.id, v);
    const c = await portalClient(ctx, v.heirC);
    await expectNotReady(c, v.noKey.id, v);
    // what was wrapped for a beneficiary key still opens: it never needed the data key
    expect((await item(b, v.escrowed.id)).key.kind).toBe("beneficiary-key");
  });

  it("a re-issue to a hand-over key whose items were never sent again: none of them opens", async () => {
    const v = await ownerWithKeys();
    // heirB's escrowed key re-issued as a hand-over key; the browser's batch of items never came
    await createBeneficiaryKey(v.owner.client, v.dk, { email: v.heirB, replaces: v.keyB.id });
    await release(v);
    const b = await portalClient(ctx, v.heirB);
    await expectNotReady(b, v.escrowed.id, v);
    await expectNotReady(b, v.pendingEscrowed.id, v);
  });

  it("no share after access has ended", async () => {
    const v = await ownerWithKeys();
    await release(v);
    const a = await portalClient(ctx, v.heirA);
    const b = await portalClient(ctx, v.heirB);
    // the check can fail: before the end both shares come with the items
    expect(JSON.stringify(await item(a, v.wrapped.id))).toContain(secretsOf(v)[0]);
    expect(JSON.stringify(await item(b, v.escrowed.id))).toContain(secretsOf(v)[3]);
    await advance(ctx, clock, 366 * DAY_MS);
    // signed in again (a portal session lasts hours)
    const a2 = await portalClient(ctx, v.heirA);
    const b2 = await portalClient(ctx, v.heirB);
    for (const [client, id] of [
      [a2, v.wrapped.id],
      [b2, v.escrowed.id],
      [b2, v.pendingEscrowed.id],
    ] as const) {
      const res = await client.request("GET", `/api/legacy/items/${id}`);
      const text = await res.text();
      expect({ status: res.status, body: JSON.parse(text) }).toEqual({
        status: 404,
        body: {
          error: {
            code: "NOT_FOUND",
            message: LEGACY_MSG.accessEnded,
            requestId: expect.any(String),
          },
        },
      });
      for (const secret of secretsOf(v)) expect(text).not.toContain(secret);
    }
  });

  it("no share while the release waits, after it was cancelled, nor from a release no longer in the released state", async () => {
    const v = await ownerWithKeys();
    // beneficiaries with confirmed accounts need no e-mailed code to ask
    const a = (await buildUser(ctx, { email: v.heirA })).client;
    const b = (await buildUser(ctx, { email: v.heirB })).client;
    const refused = async () => {
      for (const [client, id] of [
        [a, v.wrapped.id],
        [b, v.escrowed.id],
        [b, v.pendingEscrowed.id],
      ] as const) {
        const res = await client.request("GET", `/api/legacy/items/${id}`);
        const text = await res.text();
        expect(res.status).toBe(404);
        for (const secret of secretsOf(v)) expect(text).not.toContain(secret);
      }
    };
    await v.firm.admin.json("POST", `/api/clients/${v.owner.id}/release`, {
      attesterName: "Ada Admin",
      eventDate: "2026-11-01",
    });
    expect((await v.owner.client.json<ReleasePlanView>("GET", "/api/release")).body.state).not.toBe(
      "released",
    );
    await refused();
    expect((await v.owner.client.post("/api/release/cancel")).status).toBe(200);
    await advance(ctx, clock, 8 * DAY_MS);
    await refused();

    // released after all (a second attestation), then the release leaves the released state
    // (only the database could do this): its items are no longer handed out
    await release(v);
    expect((await item(a, v.wrapped.id)).key.kind).toBe("beneficiary-key");
    await ctx.services.deps.db
      .update(releases)
      .set({ status: "cancelled" })
      .where(and(eq(releases.userId, v.owner.id), eq(releases.status, "released")));
    await refused();
  });

  it("the database holds the server share only sealed, and a hand-over key's access key nowhere", async () => {
    const v = await ownerWithKeys();
    await release(v);
    await item(await portalClient(ctx, v.heirA), v.wrapped.id);
    const keysText = await tableText("beneficiary_keys");
    expect(keysText).toContain(v.keyA.id);
    for (const table of [
      "beneficiary_keys",
      "assets",
      "asset_beneficiaries",
      "audit_log",
      "release_items",
    ]) {
      const text = table === "beneficiary_keys" ? keysText : await tableText(table);
      for (const secret of [
        v.keyA.accessKey,
        v.keyA.serverShare,
        v.keyA.bkBytes,
        v.keyB.serverShare,
        v.keyB.accessKey,
      ])
        for (const enc of encodings(secret)) expect(text).not.toContain(enc);
    }
    // the check can fail: the escrowed access key, unsealed, would be found
    const sealed = await ctx.services.deps.db.execute(
      sql`select encode(escrow_share, 'hex') as hex from beneficiary_keys where id = ${v.keyB.id}`,
    );
    const [row] = rowsOf<{ hex: string }>(sealed);
    expect(row?.hex.length).toBeGreaterThan(0);
    expect(keysText).toContain(row?.hex);
    expect(row?.hex).not.toContain(v.keyB.accessKey.toString("hex"));
    expect(
      ctx.services.deps.shareSealers.escrow
        .open(v.keyB.id, Buffer.from(row?.hex ?? "", "hex"))
        .equals(v.keyB.accessKey),
    ).toBe(true);
  });
});
