import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LEGACY_MSG, type LegacyItemDetail, type LegacyItemsView } from "../../common/legacy.js";
import { type ReleasePlanView } from "../../common/release.js";
import type { AssetFileVersionsView } from "../../common/assets/files.js";
import { buildFirm } from "../../test/factories/firm.js";
import { buildInvitedMember } from "../../test/factories/people.js";
import {
  DAY_MS,
  advance,
  mailedCode,
  mailsTo,
  portalClient,
} from "../../test/factories/release.js";
import { buildAsset, makeTitleClear, uploadEncryptedFile } from "../../test/factories/assets.js";
import {
  TestClient,
  buildUser,
  createTestContext,
  uniqueEmail,
  type TestContext,
} from "../../test/harness.js";
import { decryptBytes } from "../../test/vault-crypto.js";
import { openListedTitle } from "../../test/factories/beneficiary-keys.js";
import { createOffsetClock } from "../clock.js";

let ctx: TestContext;
const clock = createOffsetClock();
beforeAll(async () => {
  ctx = await createTestContext({}, { clock });
});
afterAll(() => ctx.close());

const { subtle } = globalThis.crypto;
const importContentKey = (b64: string) =>
  subtle.importKey("raw", Buffer.from(b64, "base64"), "AES-GCM", false, ["decrypt"]);
/** An item its owner never wrapped for a beneficiary key: the server hands over its content key (decision 032). */
const contentKeyOf = (item: LegacyItemDetail) => {
  if (item.key.kind !== "content-key")
    throw new Error(`expected a content key, got ${item.key.kind}`);
  return item.key.contentKey;
};

/** A firm client with a password and a document for `heirA`, a note for `heirB`, one item for nobody; released by attestation. */
async function releasedVault(options: { askBefore?: boolean; isReplaced?: boolean } = {}) {
  const firm = await buildFirm(ctx);
  const owner = await buildInvitedMember(ctx, firm.admin, "regular_user", "Olga Owner");
  const heirA = uniqueEmail("heir-a");
  const heirB = uniqueEmail("heir-b");
  const secret = `pw-${randomUUID()}`;
  const password = await buildAsset(owner.client, {
    type: "password",
    title: "Bank",
    beneficiaryEmails: [heirA],
    content: { username: "olga", password: secret, website: "", notes: "" },
  });
  const document = await buildAsset(owner.client, {
    type: "document",
    title: "Will",
    beneficiaryEmails: [heirA.toUpperCase()],
    content: { fileName: "will.pdf", notes: "" },
  });
  const fileBytes = Buffer.from(`%PDF-1.4 will ${randomUUID()} %%EOF`);
  // isReplaced: an earlier file first, kept as a version (docs/decisions/049).
  for (const plaintext of options.isReplaced
    ? [Buffer.from("%PDF-1.4 draft"), fileBytes]
    : [fileBytes])
    await uploadEncryptedFile(owner.client, {
      assetId: document.id,
      ck: document.ck,
      kind: "document",
      plaintext,
      type: "application/pdf",
    });
  const note = await buildAsset(owner.client, {
    type: "note",
    title: "Letter",
    beneficiaryEmails: [heirB],
    content: { text: "Dear B" },
  });
  // an item its owner never moved over: its title is still in clear (docs/decisions/080)
  await makeTitleClear(ctx, note.id, "Letter");
  const kept = await buildAsset(owner.client, { type: "password", title: "Mine only" });

  const before = options.askBefore ? await portalBeforeRelease(heirA) : null;
  await firm.admin.json("POST", `/api/clients/${owner.id}/release`, {
    attesterName: "Ada Admin",
    eventDate: "2026-11-01",
  });
  await advance(ctx, clock, 8 * DAY_MS);
  expect((await owner.client.json<ReleasePlanView>("GET", "/api/release")).body.state).toBe(
    "released",
  );
  return { firm, owner, heirA, heirB, secret, password, document, fileBytes, note, kept, before };
}

/** Before the release: asking for a code sends nothing. */
async function portalBeforeRelease(email: string) {
  const res = await new TestClient(ctx).json("POST", "/api/legacy/code", { email });
  return { status: res.status, mails: (await mailsTo(ctx, email)).length };
}

describe("the beneficiary portal", () => {
  it("after the code, a beneficiary sees and decrypts exactly the items left to them, nothing else", async () => {
    const v = await releasedVault({ askBefore: true });
    expect(v.before).toEqual({ status: 200, mails: 0 });
    expect((await new TestClient(ctx).json("GET", "/api/legacy/items")).status).toBe(401);

    const a = await portalClient(ctx, v.heirA);
    const list = await a.json<LegacyItemsView>("GET", "/api/legacy/items");
    expect(list.body.email).toBe(v.heirA);
    const listed = await Promise.all(
      list.body.items.map(async (i) => [await openListedTitle(i), i.type, i.ownerName, i.title]),
    );
    expect(listed.sort()).toEqual([
      ["Bank", "password", "Olga Owner", null],
      ["Will", "document", "Olga Owner", null],
    ]);
    // the sealed titles of what was left to this address, never another's or the owner's own
    const listText = JSON.stringify(list.body);
    for (const other of [v.note, v.kept]) {
      expect(listText).not.toContain(other.id);
      expect(listText).not.toContain(other.asset.encryptedTitle ?? "none");
    }

    const pw = await a.request("GET", `/api/legacy/items/${v.password.id}`);
    expect(pw.headers.get("cache-control")).toBe("no-store");
    const { item } = (await pw.json()) as { item: LegacyItemDetail };
    // the list gave the same key the item's page gives
    expect(list.body.items.find((i) => i.id === v.password.id)?.key).toEqual(item.key);
    const ck = await importContentKey(contentKeyOf(item));
    expect(
      JSON.parse((await decryptBytes(ck, Buffer.from(item.encryptedData, "base64"))).toString()),
    ).toMatchObject({ password: v.secret });

    const doc = (
      await a.json<{ item: LegacyItemDetail }>("GET", `/api/legacy/items/${v.document.id}`)
    ).body.item;
    expect(doc.files).toEqual([
      {
        kind: "document",
        contentType: "application/pdf",
        size: v.fileBytes.length + 28,
        isChunked: false,
      },
    ]);
    const blob = Buffer.from(
      await (
        await a.request("GET", `/api/legacy/items/${v.document.id}/files/document`)
      ).arrayBuffer(),
    );
    expect(
      (await decryptBytes(await importContentKey(contentKeyOf(doc)), blob)).equals(v.fileBytes),
    ).toBe(true);

    // not theirs: B's note, the owner's kept item, an unknown id
    for (const id of [v.note.id, v.kept.id, randomUUID()]) {
      expect((await a.json("GET", `/api/legacy/items/${id}`)).status).toBe(404);
      expect((await a.request("GET", `/api/legacy/items/${id}/files/document`)).status).toBe(404);
    }
    const b = await portalClient(ctx, v.heirB);
    const bList = (await b.json<LegacyItemsView>("GET", "/api/legacy/items")).body;
    expect(bList.items.map((i) => [i.title, i.encryptedTitle])).toEqual([["Letter", null]]);
    for (const sealed of [v.password, v.document])
      expect(JSON.stringify(bList)).not.toContain(sealed.asset.encryptedTitle ?? "none");
    expect((await b.json("GET", `/api/legacy/items/${v.password.id}`)).status).toBe(404);

    // the owner's firm never gets a content key; the owner's timeline shows every portal step
    expect((await v.firm.admin.json("GET", `/api/legacy/items/${v.password.id}`)).status).toBe(404);
    const timeline = (
      await v.owner.client.json<ReleasePlanView>("GET", "/api/release")
    ).body.timeline.map((t) => t.action);
    expect(timeline).toEqual(
      expect.arrayContaining(["legacy.signed_in", "legacy.item_viewed", "legacy.file_downloaded"]),
    );
    const audit = JSON.stringify(
      await ctx.services.deps.db.execute(
        `select details from audit_log where action like 'legacy.%'`,
      ),
    );
    expect(audit).not.toContain(contentKeyOf(item));

    // signing out ends the portal session
    expect((await a.post("/api/legacy/sign-out")).status).toBe(200);
    expect((await a.json("GET", "/api/legacy/items")).status).toBe(401);
  });

  it("a replaced document: the beneficiary receives the current file only, never an earlier version", async () => {
    const v = await releasedVault({ isReplaced: true });
    const a = await portalClient(ctx, v.heirA);
    const doc = (
      await a.json<{ item: LegacyItemDetail }>("GET", `/api/legacy/items/${v.document.id}`)
    ).body.item;
    expect(doc.files).toEqual([
      {
        kind: "document",
        contentType: "application/pdf",
        size: v.fileBytes.length + 28,
        isChunked: false,
      },
    ]);
    const blob = Buffer.from(
      await (
        await a.request("GET", `/api/legacy/items/${v.document.id}/files/document`)
      ).arrayBuffer(),
    );
    expect(
      (await decryptBytes(await importContentKey(contentKeyOf(doc)), blob)).equals(v.fileBytes),
    ).toBe(true);
    const versions = await v.owner.client.json<AssetFileVersionsView>(
      "GET",
      `/api/assets/${v.document.id}/files/document/versions`,
    );
    expect(versions.body.versions).toHaveLength(2);
    const earlier = versions.body.versions[1]?.versionId;
    // The portal has no route to versions; the owner's routes need the owner's session.
    const portal = `/api/legacy/items/${v.document.id}/files/document`;
    for (const path of [`${portal}/versions`, `${portal}/versions/${earlier}`])
      expect((await a.request("GET", path)).status, path).toBe(404);
    const owner = `/api/assets/${v.document.id}/files/document`;
    for (const path of [`${owner}/versions`, `${owner}/versions/${earlier}`])
      expect((await a.request("GET", path)).status, path).toBe(401);
  });

  it("codes: 6 digits, single use, 10 minutes, 5 tries; the same answer for any address", async () => {
    const v = await releasedVault();
    const client = new TestClient(ctx);
    expect(
      (await client.json("POST", "/api/legacy/code", { email: uniqueEmail("nobody") })).body,
    ).toEqual({ ok: true });
    expect((await client.json("POST", "/api/legacy/code", { email: v.heirA })).body).toEqual({
      ok: true,
    });
    const code = await mailedCode(ctx, v.heirA);
    const wrong = code === "000000" ? "111111" : "000000";
    expect(
      (await client.json("POST", "/api/legacy/verify", { email: v.heirA, code: "12345" })).status,
    ).toBe(400);
    for (let i = 0; i < 4; i++)
      expect(
        (await client.json("POST", "/api/legacy/verify", { email: v.heirA, code: wrong })).body,
      ).toMatchObject({
        error: { message: LEGACY_MSG.codeInvalid },
      });
    expect(
      (await client.json("POST", "/api/legacy/verify", { email: v.heirA, code: wrong })).body,
    ).toMatchObject({
      error: { message: LEGACY_MSG.codeTooManyTries },
    });
    expect(
      (await client.json("POST", "/api/legacy/verify", { email: v.heirA, code })).body,
    ).toMatchObject({
      error: { message: LEGACY_MSG.codeTooManyTries },
    });

    await client.post("/api/legacy/code", { email: v.heirA });
    const fresh = await mailedCode(ctx, v.heirA);
    clock.advance(10 * 60_000 + 1000);
    expect(
      (await client.json("POST", "/api/legacy/verify", { email: v.heirA, code: fresh })).body,
    ).toMatchObject({
      error: { message: LEGACY_MSG.codeInvalid },
    });

    await client.post("/api/legacy/code", { email: v.heirA });
    const good = await mailedCode(ctx, v.heirA);
    expect(
      (await client.json("POST", "/api/legacy/verify", { email: v.heirA, code: good })).status,
    ).toBe(200);
    expect(
      (await new TestClient(ctx).json("POST", "/api/legacy/verify", { email: v.heirA, code: good }))
        .status,
    ).toBe(400);
  });

  it("a beneficiary with a confirmed account sees 'Left to you' without a code", async () => {
    const v = await releasedVault();
    const heir = await buildUser(ctx, { email: v.heirB });
    const list = await heir.client.json<LegacyItemsView>("GET", "/api/legacy/items");
    expect(list.body.items.map((i) => i.title)).toEqual(["Letter"]);
    expect((await heir.client.json("GET", `/api/legacy/items/${v.note.id}`)).status).toBe(200);
    expect((await heir.client.json("GET", `/api/legacy/items/${v.password.id}`)).status).toBe(404);
  });

  it("access ends a year after the release, with notice", async () => {
    const v = await releasedVault();
    await advance(ctx, clock, 366 * DAY_MS);
    const a = await portalClient(ctx, v.heirA);
    const list = (await a.json<LegacyItemsView>("GET", "/api/legacy/items")).body;
    expect(list.items).toEqual([]);
    expect(list.ended).toEqual([{ ownerName: "Olga Owner", endedAt: expect.any(String) }]);
    expect((await a.json("GET", `/api/legacy/items/${v.password.id}`)).body).toMatchObject({
      error: { message: LEGACY_MSG.accessEnded },
    });
    expect((await mailsTo(ctx, v.heirA)).map((m) => m.subject)).toContain(
      "Your access to what Olga Owner left you has ended",
    );
  });
});
