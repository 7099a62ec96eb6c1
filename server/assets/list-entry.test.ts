import type { AssetView } from "../../common/assets.js";
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildAsset, makeTitleClear, uploadEncryptedFile } from "../../test/factories/assets.js";
import {
  buildUser,
  createTestContext,
  type TestClient,
  type TestContext,
} from "../../test/harness.js";
import { sealAsset, sealTitle } from "../../test/vault-crypto.js";

/**
 * The asset list is joined from entries PostgreSQL writes on each row (migration 0014,
 * docs/decisions/014-asset-list-entry.md). Each entry must be exactly what presentAsset gives for
 * the same asset (the detail route's answer without its key and content), after every kind of change.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

type Listed = { assets: AssetView[] };

/** The detail route's answer as presentAsset shapes it, as JSON text (so key order counts too). */
async function presented(client: TestClient, id: string) {
  const res = await client.json<{ asset: AssetView & { encryptedData?: string } }>(
    "GET",
    `/api/assets/${id}`,
  );
  expect(res.status).toBe(200);
  const { encryptedData, ...asset } = res.body.asset;
  expect(encryptedData && asset.wrappedKey).toBeTruthy();
  return JSON.stringify(asset);
}

async function listText(client: TestClient, query = "") {
  const res = await client.request("GET", `/api/assets${query}`);
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toMatch(/^application\/json/);
  return res.text();
}

/** Every listed entry equals its asset's presentAsset JSON, byte for byte. */
async function expectListMatchesDetails(client: TestClient, expectedIds: string[]) {
  const text = await listText(client);
  const listed = (JSON.parse(text) as Listed).assets;
  expect(listed.map((a) => a.id).sort()).toEqual([...expectedIds].sort());
  for (const entry of listed) expect(JSON.stringify(entry)).toBe(await presented(client, entry.id));
  return listed;
}

describe("asset list entries", () => {
  it("equal presentAsset after creating, editing, adding and removing files, and the release's fields", async () => {
    const { client } = await buildUser(ctx);
    const password = await buildAsset(client, {
      title: 'Quote " and back\\slash, ünïcödé ✓',
      beneficiaryEmails: ["heir@example.com"],
    });
    const note = await buildAsset(client, {
      type: "note",
      title: "Note",
      content: { text: "hello" },
    });
    const doc = await buildAsset(client, {
      type: "document",
      title: "Will",
      content: { fileName: "will.pdf", notes: "" },
    });
    await expectListMatchesDetails(client, [password.id, note.id, doc.id]);

    expect(
      (
        await uploadEncryptedFile(client, {
          assetId: doc.id,
          ck: doc.ck,
          kind: "document",
          plaintext: randomBytes(2048),
          type: "application/pdf",
        })
      ).res.status,
    ).toBe(200);
    expect(
      (
        await uploadEncryptedFile(client, {
          assetId: note.id,
          ck: note.ck,
          kind: "recording",
          plaintext: randomBytes(512),
          type: "audio/webm",
        })
      ).res.status,
    ).toBe(200);
    expect(
      (
        await uploadEncryptedFile(client, {
          assetId: note.id,
          ck: note.ck,
          kind: "attachment",
          plaintext: Buffer.from("plain text"),
          type: "text/plain",
        })
      ).res.status,
    ).toBe(200);
    let listed = await expectListMatchesDetails(client, [password.id, note.id, doc.id]);
    expect(listed.find((a) => a.id === note.id)?.files.map((f) => f.kind)).toEqual([
      "attachment",
      "recording",
    ]);
    expect(listed.find((a) => a.id === doc.id)?.files).toEqual([
      { kind: "document", contentType: "application/pdf", size: 2048 + 28, isChunked: false },
    ]);

    // A file replaced, then one removed.
    expect(
      (
        await uploadEncryptedFile(client, {
          assetId: doc.id,
          ck: doc.ck,
          kind: "document",
          plaintext: randomBytes(100),
          type: "image/png",
        })
      ).res.status,
    ).toBe(200);
    expect((await client.request("DELETE", `/api/assets/${note.id}/files/recording`)).status).toBe(
      200,
    );
    listed = await expectListMatchesDetails(client, [password.id, note.id, doc.id]);
    expect(listed.find((a) => a.id === doc.id)?.files).toEqual([
      { kind: "document", contentType: "image/png", size: 128, isChunked: false },
    ]);
    expect(listed.find((a) => a.id === note.id)?.files.map((f) => f.kind)).toEqual(["attachment"]);

    // A clear title from before (docs/decisions/080), then sealed by an edit.
    await makeTitleClear(ctx, note.id, 'Clear "quoted" title');
    listed = await expectListMatchesDetails(client, [password.id, note.id, doc.id]);
    expect(listed.find((a) => a.id === note.id)).toMatchObject({
      title: 'Clear "quoted" title',
      encryptedTitle: null,
    });
    expect(
      (
        await client.json("POST", "/api/assets/titles", {
          titles: [{ id: note.id, encryptedTitle: await sealTitle(note.ck, note.id, "Note") }],
        })
      ).status,
    ).toBe(200);
    listed = await expectListMatchesDetails(client, [password.id, note.id, doc.id]);
    expect(listed.find((a) => a.id === note.id)?.title).toBeNull();

    // Edits: a new key with its content and title, beneficiary cleared.
    const rekeyed = await sealAsset(password.dk, password.id, { password: "new" });
    const renamed = await sealTitle(rekeyed.ck, password.id, "Renamed");
    expect(
      (
        await client.json("PATCH", `/api/assets/${password.id}`, {
          wrappedKey: rekeyed.wrappedKey,
          encryptedData: rekeyed.encryptedData,
          encryptedTitle: renamed,
          beneficiaryEmails: [],
        })
      ).status,
    ).toBe(200);
    listed = await expectListMatchesDetails(client, [password.id, note.id, doc.id]);
    expect(listed[0]).toMatchObject({
      id: password.id,
      title: null,
      encryptedTitle: renamed,
      wrappedKey: rekeyed.wrappedKey,
      beneficiaryEmails: [],
    });

    // A favourite and a use (neither moves updated_at, so the order stays).
    expect(
      (await client.json("PATCH", `/api/assets/${note.id}/favorite`, { isFavorite: true })).status,
    ).toBe(200);
    expect((await client.request("POST", `/api/assets/${doc.id}/used`)).status).toBe(200);
    listed = await expectListMatchesDetails(client, [password.id, note.id, doc.id]);
    expect(listed.find((a) => a.id === note.id)).toMatchObject({
      isFavorite: true,
      lastUsedAt: null,
    });
    expect(listed.find((a) => a.id === doc.id)?.lastUsedAt).toMatch(/Z$/);
    expect(listed.map((a) => a.id)).toEqual([password.id, note.id, doc.id]);

    // The release's fields (written by the system), and timestamps with microseconds (truncated to milliseconds, as JavaScript does).
    await ctx.services.deps.db.execute(
      sql`update assets set release_triggered = true, released_at = '2026-03-04 05:06:07.891999+00', last_used_at = '2026-03-04 05:06:07.123456+00', updated_at = '2026-03-04 05:06:07.000999+00' where id = ${doc.id}`,
    );
    listed = await expectListMatchesDetails(client, [password.id, note.id, doc.id]);
    expect(listed.find((a) => a.id === doc.id)).toMatchObject({
      releaseTriggered: true,
      releasedAt: "2026-03-04T05:06:07.891Z",
      lastUsedAt: "2026-03-04T05:06:07.123Z",
      updatedAt: "2026-03-04T05:06:07.000Z",
    });

    // Newest updated first; filters keep working; deleting an asset with files removes its entry.
    expect(listed.map((a) => a.id)).toEqual([password.id, note.id, doc.id]);
    expect(
      (JSON.parse(await listText(client, "?type=note")) as Listed).assets.map((a) => a.id),
    ).toEqual([note.id]);
    expect((await client.request("DELETE", `/api/assets/${note.id}`)).status).toBe(200);
    await expectListMatchesDetails(client, [password.id, doc.id]);
  });

  it("an empty vault lists as an empty array, and nobody else's entries show", async () => {
    const owner = await buildUser(ctx);
    await buildAsset(owner.client);
    const other = await buildUser(ctx);
    expect(await listText(other.client)).toBe('{"assets":[]}');
    expect(await listText(other.client, "?type=note")).toBe('{"assets":[]}');
  });
});
