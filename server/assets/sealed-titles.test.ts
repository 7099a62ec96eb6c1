import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ASSET_TITLES_BATCH,
  type AssetListView,
  type AssetTitlesMovedView,
} from "../../common/assets.js";
import { failure } from "../../test/db-errors.js";
import { buildAsset, dataKeyOf, makeTitleClear } from "../../test/factories/assets.js";
import { buildUser, createTestContext, type TestContext } from "../../test/harness.js";
import { openTitle, sealAsset, sealTitle } from "../../test/vault-crypto.js";
import { assets } from "../db/schema/index.js";

/**
 * Item titles sealed in the browser (docs/decisions/080): a new item is born sealed, the server
 * keeps exactly one of a clear and a sealed title, and the move-over seals the clear titles of the
 * caller's own items only.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

type Err = { error: { code: string; message: string; fields?: Record<string, string> } };

const rowOf = async (id: string) => {
  const [row] = await ctx.services.deps.db
    .select({
      title: assets.title,
      encryptedTitle: assets.encryptedTitle,
      updatedAt: assets.updatedAt,
    })
    .from(assets)
    .where(eq(assets.id, id));
  return row;
};

describe("sealed titles", () => {
  it("a new item is born sealed: a clear title is refused, the sealed one stored as sent and given back", async () => {
    const { client } = await buildUser(ctx);
    const dk = await dataKeyOf(client);
    const id = randomUUID();
    const sealed = await sealAsset(dk, id, { text: "x" });
    const body = {
      id,
      type: "note",
      wrappedKey: sealed.wrappedKey,
      encryptedData: sealed.encryptedData,
    };

    const clear = await client.json<Err>("POST", "/api/assets", { ...body, title: "Diary" });
    expect(clear.status).toBe(400);
    expect(JSON.stringify(clear.body)).not.toContain("Diary");
    const none = await client.json<Err>("POST", "/api/assets", body);
    expect(none.status).toBe(400);
    expect(none.body.error.fields).toHaveProperty("encryptedTitle");
    expect(await rowOf(id)).toBeUndefined();

    const encryptedTitle = await sealTitle(sealed.ck, id, "Diary");
    const made = await client.json<{ asset: { title: string | null; encryptedTitle: string } }>(
      "POST",
      "/api/assets",
      { ...body, encryptedTitle },
    );
    expect(made.status).toBe(201);
    expect(made.body.asset).toMatchObject({ title: null, encryptedTitle });
    const row = await rowOf(id);
    expect(row?.title).toBeNull();
    expect(row?.encryptedTitle?.toString("base64")).toBe(encryptedTitle);
    // bound to its item: the same bytes do not open as another item's title
    expect(await openTitle(sealed.ck, id, encryptedTitle)).toBe("Diary");
    await expect(openTitle(sealed.ck, randomUUID(), encryptedTitle)).rejects.toThrow();
  });

  it("the database keeps exactly one of the clear and the sealed title", async () => {
    const { client } = await buildUser(ctx);
    const { id } = await buildAsset(client);
    const db = ctx.services.deps.db;
    const check = /assets_title_one/;
    expect(
      await failure(db.execute(sql`update assets set title = 'Both' where id = ${id}`)),
    ).toMatch(check);
    expect(
      await failure(db.execute(sql`update assets set encrypted_title = null where id = ${id}`)),
    ).toMatch(check);
    await makeTitleClear(ctx, id, "Clear");
    expect(await rowOf(id)).toMatchObject({ title: "Clear", encryptedTitle: null });
    expect(await failure(db.execute(sql`update assets set title = null where id = ${id}`))).toMatch(
      check,
    );
  });

  it("an edit's sealed title replaces a clear one", async () => {
    const { client } = await buildUser(ctx);
    const item = await buildAsset(client);
    await makeTitleClear(ctx, item.id, "Old bank");
    const listed = await client.json<AssetListView>("GET", "/api/assets");
    expect(listed.body.assets[0]).toMatchObject({
      id: item.id,
      title: "Old bank",
      encryptedTitle: null,
    });
    const encryptedTitle = await sealTitle(item.ck, item.id, "Old bank");
    const res = await client.json("PATCH", `/api/assets/${item.id}`, { encryptedTitle });
    expect(res.status).toBe(200);
    expect(await rowOf(item.id)).toMatchObject({ title: null });
    expect((await rowOf(item.id))?.encryptedTitle?.toString("base64")).toBe(encryptedTitle);
  });
});

describe("POST /api/assets/titles: the move-over", () => {
  it("seals the caller's own clear titles; another owner's, sealed and missing ids are skipped", async () => {
    const owner = await buildUser(ctx);
    const other = await buildUser(ctx);
    const dk = await dataKeyOf(owner.client);
    const [a, b, sealedAlready] = [
      await buildAsset(owner.client, { dataKey: dk }),
      await buildAsset(owner.client, { dataKey: dk }),
      await buildAsset(owner.client, { dataKey: dk }),
    ];
    const theirs = await buildAsset(other.client);
    await makeTitleClear(ctx, a.id, "Will");
    await makeTitleClear(ctx, b.id, "Coinbase");
    await makeTitleClear(ctx, theirs.id, "Their letter");
    const before = await rowOf(a.id);

    const titles = [
      { id: a.id, encryptedTitle: await sealTitle(a.ck, a.id, "Will") },
      { id: b.id, encryptedTitle: await sealTitle(b.ck, b.id, "Coinbase") },
      {
        id: sealedAlready.id,
        encryptedTitle: await sealTitle(sealedAlready.ck, sealedAlready.id, "x"),
      },
      { id: theirs.id, encryptedTitle: await sealTitle(a.ck, theirs.id, "Hijacked") },
      { id: randomUUID(), encryptedTitle: await sealTitle(a.ck, a.id, "Nobody's") },
    ];
    const res = await owner.client.json<AssetTitlesMovedView>("POST", "/api/assets/titles", {
      titles,
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ moved: 2, skipped: 3 });

    const listed = await owner.client.json<AssetListView>("GET", "/api/assets");
    const byId = new Map(listed.body.assets.map((x) => [x.id, x]));
    expect(byId.get(a.id)).toMatchObject({ title: null });
    expect(await openTitle(a.ck, a.id, byId.get(a.id)?.encryptedTitle ?? "")).toBe("Will");
    expect(await openTitle(b.ck, b.id, byId.get(b.id)?.encryptedTitle ?? "")).toBe("Coinbase");
    expect(byId.get(sealedAlready.id)?.encryptedTitle).toBe(sealedAlready.asset.encryptedTitle);
    // the item did not change for its owner: "recently changed" stays where it was
    expect((await rowOf(a.id))?.updatedAt.getTime()).toBe(before?.updatedAt.getTime());
    // someone else's item keeps its clear title and is not named in the answer
    expect(await rowOf(theirs.id)).toMatchObject({ title: "Their letter", encryptedTitle: null });
    expect(JSON.stringify(res.body)).not.toContain(theirs.id);

    const again = await owner.client.json<AssetTitlesMovedView>("POST", "/api/assets/titles", {
      titles: titles.slice(0, 2),
    });
    expect(again.body).toEqual({ moved: 0, skipped: 2 });
  });

  it("takes 1 to 100 titles of the ciphertext's shape, and only from a signed-in owner", async () => {
    const { client } = await buildUser(ctx);
    const item = await buildAsset(client);
    const one = { id: item.id, encryptedTitle: await sealTitle(item.ck, item.id, "t") };
    const post = (body: unknown) => client.json<Err>("POST", "/api/assets/titles", body);
    expect((await post({ titles: [] })).status).toBe(400);
    const tooMany = Array.from({ length: ASSET_TITLES_BATCH + 1 }, () => ({
      ...one,
      id: randomUUID(),
    }));
    expect((await post({ titles: tooMany })).status).toBe(400);
    expect((await post({ titles: tooMany.slice(0, ASSET_TITLES_BATCH) })).status).toBe(200);
    expect(
      (await post({ titles: [{ id: item.id, encryptedTitle: "Will in clear" }] })).status,
    ).toBe(400);
    expect((await post({ titles: [{ ...one, title: "Will" }] })).status).toBe(400);
    expect((await post({ titles: [{ ...one, id: "nope" }] })).status).toBe(400);
    const stranger = await ctx.app.request("/api/assets/titles", {
      method: "POST",
      headers: { "content-type": "application/json", origin: "http://localhost:3999" },
      body: JSON.stringify({ titles: [one] }),
    });
    expect(stranger.status).toBe(401);
  });
});
