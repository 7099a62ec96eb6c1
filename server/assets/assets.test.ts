import type { AssetView, AssetWithContentView } from "../../common/assets.js";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildAsset, dataKeyOf } from "../../test/factories/assets.js";
import {
  buildUser,
  createTestContext,
  type TestClient,
  type TestContext,
} from "../../test/harness.js";
import { openAsset, openTitle, sealAsset, sealTitle } from "../../test/vault-crypto.js";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

type Err = { error: { code: string; message: string; fields?: Record<string, string> } };
type Full = AssetWithContentView;
const getAsset = (client: TestClient, id: string) =>
  client.json<{ asset: Full }>("GET", `/api/assets/${id}`);
const list = (client: TestClient, query = "") =>
  client.json<{ assets: Record<string, unknown>[] }>("GET", `/api/assets${query}`);

describe("assets: create, read, list, delete", () => {
  it("stores a client-encrypted password and gives it back decryptable by the owner's browser", async () => {
    const { client } = await buildUser(ctx);
    const content = {
      username: "ada",
      password: "s3cret!",
      website: "https://bank.example",
      notes: "PIN 1234",
    };
    const { id, dk, ck, asset } = await buildAsset(client, {
      title: "Bank",
      beneficiaryEmails: [" Heir@Example.COM ", "second@example.com"],
      content,
    });
    expect(asset).toMatchObject({
      id,
      type: "password",
      title: null,
      beneficiaryEmails: ["heir@example.com", "second@example.com"],
      releaseTriggered: false,
      releasedAt: null,
      files: [],
    });
    expect(await openTitle(ck, id, asset.encryptedTitle ?? "")).toBe("Bank");
    expect(asset).not.toHaveProperty("encryptedData");

    const res = await getAsset(client, id);
    expect(res.status).toBe(200);
    expect(res.body.asset.encryptedTitle).toBe(asset.encryptedTitle);
    expect(res.body.asset.wrappedKey).toBe(asset.wrappedKey);
    expect(await openAsset(dk, res.body.asset)).toEqual(content);
    expect(await openAsset(await dataKeyOf(client), res.body.asset)).toEqual(content);
  });

  it("lists newest updated first with the sealed title and its wrapped key, no content, filtered by type only", async () => {
    const { client } = await buildUser(ctx);
    const dk = await dataKeyOf(client);
    const a = await buildAsset(client, { dataKey: dk, type: "password", title: "Email account" });
    const b = await buildAsset(client, { dataKey: dk, type: "note", title: "Letter to my kids" });
    const c = await buildAsset(client, { dataKey: dk, type: "document", title: "Will 100%_draft" });
    const all = await list(client);
    expect(all.body.assets.map((x) => x.id)).toEqual([c.id, b.id, a.id]);
    expect(Object.keys(all.body.assets[0] ?? {}).sort()).toEqual(
      [
        "beneficiaryEmails",
        "catalogueEmails",
        "createdAt",
        "files",
        "id",
        "isFavorite",
        "isForLegalContact",
        "lastUsedAt",
        "roleGrants",
        "releaseTriggered",
        "releasedAt",
        "title",
        "encryptedTitle",
        "wrappedKey",
        "type",
        "updatedAt",
      ].sort(),
    );
    const listedB = all.body.assets.find((x) => x.id === b.id) as AssetView | undefined;
    expect(listedB?.title).toBeNull();
    expect(await openTitle(b.ck, b.id, listedB?.encryptedTitle ?? "")).toBe("Letter to my kids");
    expect((await list(client, "?type=note")).body.assets.map((x) => x.id)).toEqual([b.id]);
    // the server searches no title: a search parameter is ignored
    expect((await list(client, "?search=LETTER")).body.assets.map((x) => x.id)).toEqual([
      c.id,
      b.id,
      a.id,
    ]);
    expect((await list(client, "?type=secret")).status).toBe(400);

    const renamed = await sealTitle(a.ck, a.id, "Email account (work)");
    await client.request("PATCH", `/api/assets/${a.id}`, { encryptedTitle: renamed });
    expect((await list(client)).body.assets.map((x) => x.id)).toEqual([a.id, c.id, b.id]);
  });

  it("deletes an asset; afterwards it is 404 everywhere", async () => {
    const { client } = await buildUser(ctx);
    const { id } = await buildAsset(client);
    expect((await client.request("DELETE", `/api/assets/${id}`)).status).toBe(200);
    expect((await getAsset(client, id)).status).toBe(404);
    expect((await client.request("DELETE", `/api/assets/${id}`)).status).toBe(404);
    expect((await list(client)).body.assets).toEqual([]);
  });

  it("validates every field with the spec's messages", async () => {
    const { client } = await buildUser(ctx);
    const dk = await dataKeyOf(client);
    const id = randomUUID();
    const sealed = await sealAsset(dk, id, { text: "x" });
    const post = (body: Record<string, unknown>) =>
      client.json<Err>("POST", "/api/assets", {
        id,
        type: "note",
        encryptedTitle: Buffer.alloc(40).toString("base64"),
        wrappedKey: sealed.wrappedKey,
        encryptedData: sealed.encryptedData,
        ...body,
      });

    expect((await post({ encryptedTitle: undefined })).body.error.fields).toHaveProperty(
      "encryptedTitle",
    );
    expect(
      (await post({ encryptedTitle: "a clear title" })).body.error.fields?.encryptedTitle,
    ).toBe("The content must be encrypted before it is uploaded");
    expect(
      (await post({ encryptedTitle: Buffer.alloc(829).toString("base64") })).body.error.fields
        ?.encryptedTitle,
    ).toBe("The encrypted title must be at most 828 bytes");
    expect((await post({ title: "Bank" })).status).toBe(400);
    expect((await post({ type: "secret" })).status).toBe(400);
    expect((await post({ id: "not-a-uuid" })).body.error.fields).toHaveProperty("id");
    expect((await post({ beneficiaryEmails: ["nope"] })).status).toBe(400);
    expect(
      (await post({ beneficiaryEmails: ["a@example.com", "A@example.com "] })).body.error.fields
        ?.beneficiaryEmails,
    ).toBe("A beneficiary is chosen twice");
    expect((await post({ beneficiaryEmail: "a@example.com" })).status).toBe(400);
    expect(
      (await post({ beneficiaryEmails: Array.from({ length: 21 }, (_, i) => `h${i}@example.com`) }))
        .body.error.fields?.beneficiaryEmails,
    ).toBe("An item can be left to at most 20 people");
    expect(
      (await post({ wrappedKey: Buffer.alloc(101).toString("base64") })).body.error.fields
        ?.wrappedKey,
    ).toBe("The wrapped key must be at most 100 bytes");
    expect(
      (await post({ encryptedData: "plain text, not base64!" })).body.error.fields?.encryptedData,
    ).toBe("The content must be encrypted before it is uploaded");
    expect((await post({ encryptedData: Buffer.alloc(10).toString("base64") })).status).toBe(400);
    expect(
      (await post({ encryptedData: Buffer.alloc(256 * 1024 + 1).toString("base64") })).status,
    ).toBe(400);
    expect((await post({ userId: "someone-else" })).status).toBe(400);

    expect(
      (await post({ encryptedData: Buffer.alloc(256 * 1024).toString("base64") })).status,
    ).toBe(201);
    const again = await post({});
    expect(again.status).toBe(409);
  });

  it("refuses a JSON body far over the content limit before reading it (413)", async () => {
    const { client } = await buildUser(ctx);
    const res = await client.request("POST", "/api/assets", {
      id: randomUUID(),
      encryptedData: "A".repeat(600 * 1024),
    });
    expect(res.status).toBe(413);
  });
});

describe("PATCH /api/assets/:id (spec 02 §5 update rules)", () => {
  it("applies a sealed title whenever given; beneficiaryEmails whenever present (the whole list, in order), [] clearing it; bumps updatedAt", async () => {
    const { client } = await buildUser(ctx);
    const { id, ck, asset } = await buildAsset(client, {
      title: "Original",
      beneficiaryEmails: ["a@example.com"],
    });
    const blank = await client.json<{ asset: AssetView }>("PATCH", `/api/assets/${id}`, {});
    expect(blank.body.asset).toMatchObject({
      title: null,
      encryptedTitle: asset.encryptedTitle,
      beneficiaryEmails: ["a@example.com"],
    });
    expect(Date.parse(blank.body.asset.updatedAt)).toBeGreaterThan(Date.parse(asset.updatedAt));

    const renamed = await client.json<{ asset: AssetView }>("PATCH", `/api/assets/${id}`, {
      encryptedTitle: await sealTitle(ck, id, "Renamed"),
      beneficiaryEmails: ["B@Example.com", "a@example.com"],
    });
    expect(renamed.body.asset).toMatchObject({
      title: null,
      beneficiaryEmails: ["b@example.com", "a@example.com"],
    });
    expect(await openTitle(ck, id, renamed.body.asset.encryptedTitle ?? "")).toBe("Renamed");
    expect(
      (await client.request("PATCH", `/api/assets/${id}`, { title: "Clear again" })).status,
    ).toBe(400);
    const untouched = await client.json<{ asset: AssetView }>("PATCH", `/api/assets/${id}`, {});
    expect(untouched.body.asset.beneficiaryEmails).toEqual(["b@example.com", "a@example.com"]);
    const listed = await list(client);
    expect(listed.body.assets.find((a) => a.id === id)?.beneficiaryEmails).toEqual([
      "b@example.com",
      "a@example.com",
    ]);
    const reordered = await client.json<{ asset: AssetView }>("PATCH", `/api/assets/${id}`, {
      beneficiaryEmails: ["a@example.com", "b@example.com"],
    });
    expect(reordered.body.asset.beneficiaryEmails).toEqual(["a@example.com", "b@example.com"]);
    const cleared = await client.json<{ asset: AssetView }>("PATCH", `/api/assets/${id}`, {
      beneficiaryEmails: [],
    });
    expect(cleared.body.asset).toMatchObject({
      encryptedTitle: renamed.body.asset.encryptedTitle,
      beneficiaryEmails: [],
    });
  });

  it("replaces the content only when supplied; a new wrapped key needs new content and a new title", async () => {
    const { client } = await buildUser(ctx);
    const { id, dk, ck } = await buildAsset(client, { content: { text: "v1" }, type: "note" });
    await client.request("PATCH", `/api/assets/${id}`, {
      encryptedTitle: await sealTitle(ck, id, "Only the title"),
    });
    expect(await openAsset(dk, (await getAsset(client, id)).body.asset)).toEqual({ text: "v1" });

    const v2 = await sealAsset(dk, id, { text: "v2" });
    expect(
      (
        await client.request("PATCH", `/api/assets/${id}`, {
          wrappedKey: v2.wrappedKey,
          encryptedData: v2.encryptedData,
          encryptedTitle: await sealTitle(v2.ck, id, "Under the new key"),
        })
      ).status,
    ).toBe(200);
    const got = (await getAsset(client, id)).body.asset;
    expect(await openAsset(dk, got)).toEqual({ text: "v2" });
    expect(await openTitle(v2.ck, id, got.encryptedTitle ?? "")).toBe("Under the new key");

    const v3 = await sealAsset(dk, id, { text: "v3" });
    const keyOnly = await client.json<Err>("PATCH", `/api/assets/${id}`, {
      wrappedKey: v3.wrappedKey,
      encryptedTitle: await sealTitle(v3.ck, id, "v3"),
    });
    expect(keyOnly.body.error.fields?.encryptedData).toBe("A new key needs new content");
    const noTitle = await client.json<Err>("PATCH", `/api/assets/${id}`, {
      wrappedKey: v3.wrappedKey,
      encryptedData: v3.encryptedData,
    });
    expect(noTitle.status).toBe(400);
    expect(noTitle.body.error.fields?.encryptedTitle).toBe("A new key needs a new title");
    expect(await openAsset(dk, (await getAsset(client, id)).body.asset)).toEqual({ text: "v2" });
  });

  it("refuses the release fields and other unknown fields: the owner cannot trigger a release", async () => {
    const { client } = await buildUser(ctx);
    const { id } = await buildAsset(client);
    const release = await client.json<Err>("PATCH", `/api/assets/${id}`, {
      releaseTriggered: true,
      releasedAt: new Date().toISOString(),
    });
    expect(release.status).toBe(400);
    expect(release.body.error.message).toBe("Release fields cannot be changed here");
    expect((await client.request("PATCH", `/api/assets/${id}`, { type: "document" })).status).toBe(
      400,
    );
    expect((await getAsset(client, id)).body.asset).toMatchObject({
      type: "password",
      releaseTriggered: false,
      releasedAt: null,
    });
  });
});
