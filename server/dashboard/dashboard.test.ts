import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DashboardView } from "../../common/dashboard.js";
import { buildAsset, dataKeyOf, makeTitleClear } from "../../test/factories/assets.js";
import { buildUser, createTestContext, type TestContext } from "../../test/harness.js";
import { openTitle, sealTitle } from "../../test/vault-crypto.js";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

type Dashboard = DashboardView;

describe("GET /api/dashboard", () => {
  it("an empty vault: zero counts, no recent assets", async () => {
    const { client } = await buildUser(ctx);
    const res = await client.json<Dashboard>("GET", "/api/dashboard");
    expect(res.body).toEqual({
      counts: { password: 0, document: 0, note: 0, estate: 0, message: 0, wishes: 0 },
      recent: [],
      beneficiaries: 0,
    });
  });

  it("counts per type, the five most recently updated assets, and the beneficiaries: the user's own only", async () => {
    const { client } = await buildUser(ctx);
    const other = await buildUser(ctx);
    await buildAsset(other.client, { type: "note" });
    const dk = await dataKeyOf(client);
    const made = [];
    for (const type of ["password", "password", "password", "document", "note", "note"] as const)
      made.push(await buildAsset(client, { type, dataKey: dk }));
    await client.post("/api/beneficiaries", { name: "Heir", email: "heir@example.com" });
    const oldest = made[0];
    if (!oldest) throw new Error("no asset");
    const touched = await sealTitle(oldest.ck, oldest.id, "Touched last");
    await client.request("PATCH", `/api/assets/${oldest.id}`, { encryptedTitle: touched });
    const fromBefore = made[5];
    if (!fromBefore) throw new Error("no asset");
    await makeTitleClear(ctx, fromBefore.id, "Clear from before");

    const res = await client.json<Dashboard>("GET", "/api/dashboard");
    expect(res.body.counts).toEqual({
      password: 3,
      document: 1,
      note: 2,
      estate: 0,
      message: 0,
      wishes: 0,
    });
    expect(res.body.beneficiaries).toBe(1);
    const expected = [oldest, ...made.slice(1).reverse()].slice(0, 5).map((a) => a.id);
    expect(res.body.recent.map((r) => r.id)).toEqual(expected);
    expect(res.body.recent[0]).toEqual({
      id: oldest.id,
      type: "password",
      title: null,
      encryptedTitle: touched,
      wrappedKey: oldest.asset.wrappedKey,
      updatedAt: expect.any(String),
    });
    // the browser opens it as it opens the list's titles (docs/decisions/080)
    expect(await openTitle(oldest.ck, oldest.id, res.body.recent[0]?.encryptedTitle ?? "")).toBe(
      "Touched last",
    );
    // an item not moved over yet: its clear title, until the owner's browser seals it
    expect(res.body.recent.find((r) => r.id === fromBefore.id)).toMatchObject({
      title: "Clear from before",
      encryptedTitle: null,
    });
    // the same instant, in the same ISO form, as the item's own answer gives it
    const item = await client.json<{ asset: { updatedAt: string } }>(
      "GET",
      `/api/assets/${oldest.id}`,
    );
    expect(res.body.recent[0]?.updatedAt).toBe(item.body.asset.updatedAt);
    expect(item.body.asset.updatedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });
});
