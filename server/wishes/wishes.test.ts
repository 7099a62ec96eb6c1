import { randomBytes, randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { WishesChoiceView, WishesContent } from "../../common/assets/wishes.js";
import { buildAsset } from "../../test/factories/assets.js";
import { buildFirm } from "../../test/factories/firm.js";
import { buildInvitedMember } from "../../test/factories/people.js";
import {
  buildUser,
  createTestContext,
  rowsOf,
  type TestClient,
  type TestContext,
} from "../../test/harness.js";
import { decryptBytes } from "../../test/vault-crypto.js";

/**
 * Final wishes (docs/decisions/097): an item type, one per owner, every field sealed; the owner's
 * choice to open it as soon as a death is confirmed is theirs alone to read and change.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const wishes = (over: Partial<WishesContent> = {}): WishesContent => ({
  disposition: "cremation",
  organDonation: "yes",
  place: `Ashes at Kynance Cove ${randomBytes(6).toString("hex")}`,
  ceremony: "Short, no religious service",
  music: "Here Comes the Sun",
  readings: "Do not stand at my grave and weep",
  callFirst: "My sister Jo, 07700 900123",
  decider: "Jo decides anything not written here",
  other: "",
  ...over,
});

const buildWishes = (client: TestClient, content = wishes()) =>
  buildAsset(client, { type: "wishes", title: "Final wishes", content });

async function expectNoAccess(other: TestClient, id: string) {
  for (const target of [id, randomUUID()]) {
    expect((await other.request("GET", `/api/wishes/${target}`)).status).toBe(404);
    expect(
      (await other.request("PUT", `/api/wishes/${target}`, { opensAtReport: true })).status,
    ).toBe(404);
    expect((await other.request("GET", `/api/assets/${target}`)).status).toBe(404);
    expect((await other.request("DELETE", `/api/assets/${target}`)).status).toBe(404);
  }
}

describe("final wishes", () => {
  it("are stored sealed, one per owner, opened by the owner's key", async () => {
    const owner = await buildUser(ctx);
    const content = wishes();
    const made = await buildWishes(owner.client, content);
    const page = await owner.client.json<{ contents: { id: string; encryptedData: string }[] }>(
      "GET",
      "/api/assets/contents?type=wishes",
    );
    expect(page.body.contents.map((c) => c.id)).toEqual([made.id]);
    const opened = await decryptBytes(
      made.ck,
      Buffer.from(page.body.contents[0]!.encryptedData, "base64"),
    );
    expect(JSON.parse(opened.toString())).toEqual(content);
    const row = rowsOf<{ row: string }>(
      await ctx.services.deps.db.execute(
        sql`select row_to_json(a)::text as row from assets a where id = ${made.id}`,
      ),
    )[0]?.row;
    for (const clear of [content.place, "cremation", "Final wishes", "Here Comes"])
      expect(row?.toLowerCase()).not.toContain(clear.toLowerCase());

    await expect(buildWishes(owner.client)).rejects.toThrow(/409/);
    const dashboard = await owner.client.json<{ counts: Record<string, number> }>(
      "GET",
      "/api/dashboard",
    );
    expect(dashboard.body.counts).toMatchObject({ wishes: 1 });
  });

  it("open at a confirmed death only when the owner chooses it; audited", async () => {
    const owner = await buildUser(ctx);
    const made = await buildWishes(owner.client);
    const get = () => owner.client.json<WishesChoiceView>("GET", `/api/wishes/${made.id}`);
    expect((await get()).body).toEqual({ id: made.id, opensAtReport: false });
    const put = (opensAtReport: boolean) =>
      owner.client.json<WishesChoiceView>("PUT", `/api/wishes/${made.id}`, { opensAtReport });
    expect((await put(true)).body).toEqual({ id: made.id, opensAtReport: true });
    expect((await put(true)).status).toBe(200);
    expect((await get()).body.opensAtReport).toBe(true);
    expect((await put(false)).body.opensAtReport).toBe(false);
    const audit = rowsOf<{ action: string }>(
      await ctx.services.deps.db.execute(
        sql`select action from audit_log where subject_id = ${made.id} and action like 'wishes.%' order by id`,
      ),
    );
    expect(audit.map((a) => a.action)).toEqual([
      "wishes.opens_at_report",
      "wishes.opens_at_release",
    ]);
  });

  it("refuses a choice that is not a boolean, and on an item that is not final wishes", async () => {
    const owner = await buildUser(ctx);
    const made = await buildWishes(owner.client);
    const note = await buildAsset(owner.client, { type: "note", content: { text: "x" } });
    for (const bad of [{}, { opensAtReport: "yes" }, { opensAtReport: true, extra: 1 }])
      expect((await owner.client.request("PUT", `/api/wishes/${made.id}`, bad)).status).toBe(400);
    expect((await owner.client.request("GET", `/api/wishes/${note.id}`)).status).toBe(404);
    expect(
      (await owner.client.request("PUT", `/api/wishes/${note.id}`, { opensAtReport: true })).status,
    ).toBe(404);
    expect((await owner.client.request("GET", "/api/wishes/not-an-id")).status).toBe(404);
  });

  it("someone else cannot: another owner, the owner's firm admin, staff and assistant get 404", async () => {
    const { admin } = await buildFirm(ctx);
    const staff = await buildInvitedMember(ctx, admin, "firm_staff");
    const assistant = await buildInvitedMember(ctx, admin, "firm_assistant");
    const client = await buildInvitedMember(ctx, admin, "regular_user");
    const stranger = await buildUser(ctx);
    const made = await buildWishes(client.client);
    for (const other of [stranger.client, admin, staff.client, assistant.client])
      await expectNoAccess(other, made.id);
    expect((await client.client.request("GET", `/api/wishes/${made.id}`)).status).toBe(200);
    expect(
      rowsOf(
        await ctx.services.deps.db.execute(
          sql`select 1 from wishes_at_report where asset_id = ${made.id}`,
        ),
      ),
    ).toEqual([]);
  });
});
