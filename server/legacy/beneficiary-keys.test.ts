import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LegacyItemDetail } from "../../common/legacy.js";
import type { ReleasePlanView } from "../../common/release.js";
import { buildAsset, dataKeyOf } from "../../test/factories/assets.js";
import {
  createBeneficiaryKey,
  openBeneficiaryWrap,
} from "../../test/factories/beneficiary-keys.js";
import { buildFirm } from "../../test/factories/firm.js";
import { buildInvitedMember } from "../../test/factories/people.js";
import { DAY_MS, advance, mailsTo, portalClient } from "../../test/factories/release.js";
import {
  TestClient,
  buildUser,
  createTestContext,
  rowsOf,
  uniqueEmail,
  type TestContext,
} from "../../test/harness.js";
import { decryptBytes, type CryptoKey } from "../../test/vault-crypto.js";
import { assets } from "../db/schema/index.js";
import { createOffsetClock } from "../release/clock.js";

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
 * wrapped with heirB's escrowed key, and a password for heirA never wrapped (pending at release).
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
    beneficiaryEmail: heirA,
    content: { password: secret },
    dataKey: dk,
  });
  const escrowed = await buildAsset(owner.client, {
    type: "note",
    title: "Letter",
    beneficiaryEmail: heirB,
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
    beneficiaryEmail: heirA,
    content: { password: "old way" },
    dataKey: dk,
  });
  return { firm, owner, dk, heirA, heirB, secret, wrapped, escrowed, pending, keyA, keyB };
}

async function release(v: Awaited<ReturnType<typeof ownerWithKeys>>) {
  await v.firm.admin.json("POST", `/api/clients/${v.owner.id}/release`, {
    attesterName: "Ada Admin",
    eventDate: "2026-11-01",
  });
  await advance(ctx, clock, 8 * DAY_MS);
  expect((await v.owner.client.json<ReleasePlanView>("GET", "/api/release")).body.state).toBe(
    "released",
  );
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
      beneficiaryEmail: v.heirA,
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

    // the item still pending at the release opens the old way
    const old = await item(a, v.pending.id);
    expect(old.key.kind).toBe("content-key");
    if (old.key.kind !== "content-key") throw new Error("not a content key");
    const oldCk = await subtle.importKey(
      "raw",
      Buffer.from(old.key.contentKey, "base64"),
      "AES-GCM",
      false,
      ["decrypt"],
    );
    expect(await openContent(oldCk, old)).toEqual({ password: "old way" });

    // only to the proven address, only released items
    expect((await a.json("GET", `/api/legacy/items/${v.escrowed.id}`)).status).toBe(404);
    expect((await a.json("GET", `/api/legacy/items/${unreleased.id}`)).status).toBe(404);
    expect(
      (await new TestClient(ctx).json("GET", `/api/legacy/items/${v.wrapped.id}`)).status,
    ).toBe(401);
  });

  it("an escrowed key's access key comes with the item; a wrap for another address's key is not handed out", async () => {
    const v = await ownerWithKeys();
    // a wrap that points at heirB's key on an item left to heirA (only the database could do this)
    await ctx.services.deps.db
      .update(assets)
      .set({ beneficiaryKeyId: v.keyB.id, beneficiaryWrappedKey: randomBytes(60) })
      .where(eq(assets.id, v.pending.id));
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

    const a = await portalClient(ctx, v.heirA);
    const mismatched = await item(a, v.pending.id);
    expect(mismatched.key.kind).toBe("content-key");
    expect(JSON.stringify(mismatched)).not.toContain(v.keyB.serverShare.toString("base64"));
  });

  it("the database holds the server share only sealed, and a hand-over key's access key nowhere", async () => {
    const v = await ownerWithKeys();
    await release(v);
    await item(await portalClient(ctx, v.heirA), v.wrapped.id);
    const keysText = await tableText("beneficiary_keys");
    expect(keysText).toContain(v.keyA.id);
    for (const table of ["beneficiary_keys", "assets", "audit_log", "release_items"]) {
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
