import {
  ASSET_CONTENTS_PAGE_SIZE,
  type AssetContentsPageView,
  type AssetView,
  type AssetWithContentView,
} from "../../common/assets.js";
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildAsset } from "../../test/factories/assets.js";
import {
  buildUser,
  createTestContext,
  type TestClient,
  type TestContext,
} from "../../test/harness.js";

/**
 * Favourites, "recently used" and the owner's encrypted contents for the browser's lists and
 * search (issue 16, point 1): the owner's alone; neither mark moves updated_at.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const detail = async (client: TestClient, id: string) => {
  const res = await client.json<{ asset: AssetWithContentView }>("GET", `/api/assets/${id}`);
  expect(res.status).toBe(200);
  return res.body.asset;
};
const listed = async (client: TestClient) =>
  (await client.json<{ assets: AssetView[] }>("GET", "/api/assets")).body.assets;

describe("favourites", () => {
  it("the owner stars and unstars an item; updated_at stays; the list shows it", async () => {
    const { client } = await buildUser(ctx);
    const a = await buildAsset(client);
    expect(a.asset).toMatchObject({ isFavorite: false, lastUsedAt: null });

    const starred = await client.json<{ asset: AssetView }>(
      "PATCH",
      `/api/assets/${a.id}/favorite`,
      { isFavorite: true },
    );
    expect(starred.status).toBe(200);
    expect(starred.body.asset).toMatchObject({ id: a.id, isFavorite: true });
    expect(starred.body.asset.updatedAt).toBe(a.asset.updatedAt);
    expect((await listed(client)).find((x) => x.id === a.id)?.isFavorite).toBe(true);

    const unstarred = await client.json<{ asset: AssetView }>(
      "PATCH",
      `/api/assets/${a.id}/favorite`,
      { isFavorite: false },
    );
    expect(unstarred.body.asset.isFavorite).toBe(false);
    expect((await detail(client, a.id)).updatedAt).toBe(a.asset.updatedAt);
  });

  it("refuses anything but a boolean, and unknown fields", async () => {
    const { client } = await buildUser(ctx);
    const a = await buildAsset(client);
    for (const body of [{}, { isFavorite: "yes" }, { isFavorite: true, title: "x" }]) {
      expect((await client.request("PATCH", `/api/assets/${a.id}/favorite`, body)).status).toBe(
        400,
      );
    }
    expect((await detail(client, a.id)).isFavorite).toBe(false);
  });

  it("someone else cannot star the owner's item, nor a missing one: 404, nothing changes", async () => {
    const owner = await buildUser(ctx);
    const stranger = await buildUser(ctx);
    const a = await buildAsset(owner.client);
    for (const id of [a.id, randomUUID()]) {
      const res = await stranger.client.request("PATCH", `/api/assets/${id}/favorite`, {
        isFavorite: true,
      });
      expect(res.status).toBe(404);
    }
    expect((await detail(owner.client, a.id)).isFavorite).toBe(false);
  });
});

describe("recently used", () => {
  it("the owner's use sets lastUsedAt, at most once a minute, and leaves updated_at", async () => {
    const { client } = await buildUser(ctx);
    const a = await buildAsset(client);
    const used = await client.request("POST", `/api/assets/${a.id}/used`);
    expect(used.status).toBe(200);
    const first = await detail(client, a.id);
    expect(first.lastUsedAt).not.toBeNull();
    expect(first.updatedAt).toBe(a.asset.updatedAt);
    expect((await listed(client)).find((x) => x.id === a.id)?.lastUsedAt).toBe(first.lastUsedAt);

    // Within the minute: no write.
    expect((await client.request("POST", `/api/assets/${a.id}/used`)).status).toBe(200);
    expect((await detail(client, a.id)).lastUsedAt).toBe(first.lastUsedAt);

    // Over a minute later: it moves.
    await ctx.services.deps.db.execute(
      sql`update assets set last_used_at = now() - interval '61 seconds' where id = ${a.id}`,
    );
    const old = (await detail(client, a.id)).lastUsedAt;
    expect((await client.request("POST", `/api/assets/${a.id}/used`)).status).toBe(200);
    const moved = (await detail(client, a.id)).lastUsedAt;
    expect(Date.parse(moved ?? "")).toBeGreaterThan(Date.parse(old ?? ""));
  });

  it("someone else cannot mark the owner's item used, nor a missing one: 404, nothing changes", async () => {
    const owner = await buildUser(ctx);
    const stranger = await buildUser(ctx);
    const a = await buildAsset(owner.client);
    for (const id of [a.id, randomUUID()]) {
      expect((await stranger.client.request("POST", `/api/assets/${id}/used`)).status).toBe(404);
    }
    expect((await detail(owner.client, a.id)).lastUsedAt).toBeNull();
  });
});

describe("GET /api/assets/contents", () => {
  it("pages through the owner's own wrapped keys and ciphertexts, by type, and nobody else's", async () => {
    const owner = await buildUser(ctx);
    const stranger = await buildUser(ctx);
    const password = await buildAsset(owner.client);
    const note = await buildAsset(owner.client, { type: "note", content: { text: "hi" } });
    await buildAsset(stranger.client);

    const all = await owner.client.json<AssetContentsPageView>("GET", "/api/assets/contents");
    expect(all.status).toBe(200);
    expect(all.body.next).toBeNull();
    expect(all.body.contents.map((c) => c.id).sort()).toEqual([password.id, note.id].sort());
    const mine = all.body.contents.find((c) => c.id === password.id);
    const got = await detail(owner.client, password.id);
    expect(mine).toEqual({
      id: password.id,
      wrappedKey: got.wrappedKey,
      encryptedData: got.encryptedData,
    });

    const notes = await owner.client.json<AssetContentsPageView>(
      "GET",
      "/api/assets/contents?type=note",
    );
    expect(notes.body.contents.map((c) => c.id)).toEqual([note.id]);

    const theirs = await stranger.client.json<AssetContentsPageView>("GET", "/api/assets/contents");
    expect(JSON.stringify(theirs.body)).not.toContain(password.id);
    expect(theirs.body.contents).toHaveLength(1);

    expect((await owner.client.request("GET", "/api/assets/contents?after=nope")).status).toBe(400);
  });

  it("pages of ASSET_CONTENTS_PAGE_SIZE, each after the last id of the one before", async () => {
    const { client, id: userId } = await buildUser(ctx);
    const one = await buildAsset(client);
    // Copies of one row are enough to page through (their content is the same ciphertext).
    await ctx.services.deps.db.execute(
      sql`insert into assets (id, user_id, type, title, wrapped_key, encrypted_data)
          select gen_random_uuid(), ${userId}, 'password', 'copy ' || n, wrapped_key, encrypted_data
          from assets, generate_series(1, ${ASSET_CONTENTS_PAGE_SIZE}) n where id = ${one.id}`,
    );
    const first = await client.json<AssetContentsPageView>("GET", "/api/assets/contents");
    expect(first.body.contents).toHaveLength(ASSET_CONTENTS_PAGE_SIZE);
    expect(first.body.next).toBe(first.body.contents.at(-1)?.id);
    const second = await client.json<AssetContentsPageView>(
      "GET",
      `/api/assets/contents?after=${first.body.next ?? ""}`,
    );
    expect(second.body.contents).toHaveLength(1);
    expect(second.body.next).toBeNull();
    const ids = new Set([...first.body.contents, ...second.body.contents].map((c) => c.id));
    expect(ids.size).toBe(ASSET_CONTENTS_PAGE_SIZE + 1);
  });
});
