import { randomUUID } from "node:crypto";
import { count, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildFirm } from "../../test/factories/firm.js";
import { buildInvitedMember } from "../../test/factories/people.js";
import { buildAsset, dataKeyOf, makeTitleClear } from "../../test/factories/assets.js";
import { buildUser, createTestContext, rowsOf, type TestContext } from "../../test/harness.js";
import { withClientView } from "../db/actor.js";
import type { Tx } from "../db/client.js";
import {
  assetBeneficiaries,
  assetFileChunks,
  assetFiles,
  assets,
  beneficiaries,
  userKeys,
} from "../db/schema/index.js";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

type ClientDashboard = {
  client: { id: string; name: string; email: string };
  firmName: string | null;
  counts: Record<string, number>;
  recent: { id: string; type: string; updatedAt: string }[];
  beneficiaries: number;
  beneficiaryNames: { name: string }[];
};

/** A firm, one of its staff, and a client who joined with the firm code. */
async function firmWithClient() {
  const firm = await buildFirm(ctx);
  const staff = await buildInvitedMember(ctx, firm.admin, "firm_staff", "Sam Staff");
  const client = await buildUser(ctx, { name: "Cora Client" });
  const joined = await client.client.post("/api/firms/join", { code: firm.firmCode });
  if (joined.status !== 200) throw new Error(`join failed: ${joined.status}`);
  return { firm, staff, client };
}

/** The whole message chain of an error (drizzle wraps the driver's error in `cause`). */
async function failure(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (err) {
    const parts: string[] = [];
    for (let e: unknown = err; e instanceof Error; e = e.cause) parts.push(e.message);
    return parts.join(" <- ");
  }
  throw new Error("expected the statement to be refused");
}

describe("GET /api/clients/:id/dashboard ('View as Client')", () => {
  it("the firm's admin and staff get counts, the five most recent items' types and dates and the beneficiaries' names, and no title or secret", async () => {
    const { firm, staff, client } = await firmWithClient();
    const marker = `SECRET-${randomUUID()}`;
    const dk = await dataKeyOf(client.client);
    const made = [];
    for (const type of ["password", "password", "document", "note", "note", "note"] as const) {
      const content =
        type === "password"
          ? { username: "cora", password: `${marker}-pw`, website: "", notes: "" }
          : { text: `${marker}-note` };
      made.push(
        await buildAsset(client.client, {
          type,
          dataKey: dk,
          title: `${marker}-title ${type}`,
          content,
          beneficiaryEmails: [`${marker.toLowerCase()}-asset@example.com`],
        }),
      );
    }
    // an item not moved over yet keeps its title in clear in the database: the firm reads it no more
    const fromBefore = made[4];
    if (!fromBefore) throw new Error("no asset");
    await makeTitleClear(ctx, fromBefore.id, `${marker}-clear-title`);
    const heir = {
      name: "Hal Heir",
      email: `${marker.toLowerCase()}@example.com`,
      phone: "+1 555 0199",
      relationship: "Son",
      notes: `${marker}-notes`,
    };
    expect((await client.client.post("/api/beneficiaries", heir)).status).toBe(201);
    expect(
      (
        await client.client.post("/api/beneficiaries", {
          name: "ada aunt",
          email: "ada-aunt@example.com",
        })
      ).status,
    ).toBe(201);

    for (const viewer of [firm.admin, staff.client]) {
      const res = await viewer.request("GET", `/api/clients/${client.id}/dashboard`);
      expect(res.status).toBe(200);
      const text = await res.text();
      expect(text).not.toContain(marker);
      expect(text.toLowerCase()).not.toContain(marker.toLowerCase());
      expect(text).not.toMatch(
        /wrappedKey|encryptedData|encryptedTitle|"title"|beneficiaryEmail|"files"|"notes"|"phone"|"relationship"|"Son"/,
      );
      const body = JSON.parse(text) as ClientDashboard;
      expect(body.client).toEqual({ id: client.id, name: "Cora Client", email: client.email });
      expect(body.firmName).toBe(firm.firmName);
      expect(body.counts).toEqual({
        password: 2,
        document: 1,
        note: 3,
        estate: 0,
        message: 0,
        wishes: 0,
      });
      expect(body.beneficiaries).toBe(2);
      expect(body.beneficiaryNames).toEqual([{ name: "ada aunt" }, { name: "Hal Heir" }]);
      expect(body.recent.map((r) => r.id)).toEqual(
        made
          .slice(1)
          .reverse()
          .map((a) => a.id),
      );
      expect(body.recent[0]).toEqual({
        id: made[5]?.id,
        type: "note",
        updatedAt: made[5]?.asset.updatedAt,
      });
      expect(res.headers.get("cache-control")).toBe("no-store");
    }
    const audited = await ctx.services.deps.db.execute(
      sql`select actor_id from audit_log where action = 'client_dashboard.viewed' and subject_id = ${client.id}`,
    );
    expect(
      rowsOf<{ actor_id: string }>(audited)
        .map((r) => r.actor_id)
        .sort(),
    ).toEqual([firm.adminId, staff.id].sort());
  });

  it("an empty vault: zero counts, no recent items, no beneficiaries", async () => {
    const { firm, client } = await firmWithClient();
    const res = await firm.admin.json<ClientDashboard>(
      "GET",
      `/api/clients/${client.id}/dashboard`,
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      counts: { password: 0, document: 0, note: 0 },
      recent: [],
      beneficiaries: 0,
      beneficiaryNames: [],
    });
  });

  it("another firm's admin, a user with no firm, the client themselves and a signed-out visitor reach nothing", async () => {
    const { firm, staff, client } = await firmWithClient();
    const bank = await buildAsset(client.client);
    await makeTitleClear(ctx, bank.id, "Bank login");
    const other = await buildFirm(ctx);
    const otherStaff = await buildInvitedMember(ctx, other.admin, "firm_staff");
    const loner = await buildUser(ctx);
    const path = `/api/clients/${client.id}/dashboard`;
    for (const outsider of [other.admin, otherStaff.client, loner.client, client.client]) {
      const res = await outsider.request("GET", path);
      expect(res.status).toBe(404);
      expect(await res.text()).not.toContain("Bank login");
    }
    // Only clients: not the firm's own admin or staff, not an unknown id.
    expect((await staff.client.get(`/api/clients/${firm.adminId}/dashboard`)).status).toBe(404);
    expect((await firm.admin.get(`/api/clients/${staff.id}/dashboard`)).status).toBe(404);
    expect((await firm.admin.get(`/api/clients/${randomUUID()}/dashboard`)).status).toBe(404);
    // A client who leaves the firm is no longer visible to it.
    expect((await firm.admin.get(path)).status).toBe(200);
    await ctx.services.deps.db.execute(
      sql`update profiles set firm_id = null where id = ${client.id}`,
    );
    expect((await firm.admin.get(path)).status).toBe(404);
    const signedOut = await ctx.app.request(path, { headers: { origin: ctx.env.APP_URL } });
    expect(signedOut.status).toBe(401);
  });
});

describe("lv_client_view (the database's side of 'View as Client')", () => {
  it("reads a client's summary only for the staff of the client's firm, whatever client id the app passes", async () => {
    const { firm, staff, client } = await firmWithClient();
    await buildAsset(client.client, { type: "note" });
    await client.client.post("/api/beneficiaries", { name: "Hal Heir", email: "hal@example.com" });
    const other = await buildFirm(ctx);
    const db = ctx.services.deps.db;
    const seen = (userId: string, clientId: string) =>
      withClientView(db, { userId, clientId }, async (tx) => ({
        assets: (await tx.select({ n: count() }).from(assets))[0]?.n,
        beneficiaries: (await tx.select({ n: count() }).from(beneficiaries))[0]?.n,
      }));
    expect(await seen(firm.adminId, client.id)).toEqual({ assets: 1, beneficiaries: 1 });
    expect(await seen(staff.id, client.id)).toEqual({ assets: 1, beneficiaries: 1 });
    expect(await seen(other.adminId, client.id)).toEqual({ assets: 0, beneficiaries: 0 });
    expect(await seen(client.id, client.id)).toEqual({ assets: 0, beneficiaries: 0 });
    expect(await seen(firm.adminId, staff.id)).toEqual({ assets: 0, beneficiaries: 0 });
  });

  it("cannot read keys, ciphertext, files or beneficiaries' contact details, even of a client it may view", async () => {
    const { firm, client } = await firmWithClient();
    await buildAsset(client.client);
    const asAdmin = (fn: (tx: Tx) => Promise<unknown>) =>
      withClientView(ctx.services.deps.db, { userId: firm.adminId, clientId: client.id }, fn);
    expect(
      await failure(asAdmin((tx) => tx.select({ x: assets.encryptedData }).from(assets))),
    ).toMatch(/permission denied/);
    expect(
      await failure(asAdmin((tx) => tx.select({ x: assets.wrappedKey }).from(assets))),
    ).toMatch(/permission denied/);
    expect(
      await failure(
        asAdmin((tx) => tx.select({ x: assetBeneficiaries.email }).from(assetBeneficiaries)),
      ),
    ).toMatch(/permission denied/);
    expect(
      await failure(asAdmin((tx) => tx.select({ x: beneficiaries.email }).from(beneficiaries))),
    ).toMatch(/permission denied/);
    expect(
      await failure(asAdmin((tx) => tx.select({ x: beneficiaries.notes }).from(beneficiaries))),
    ).toMatch(/permission denied/);
    expect(await failure(asAdmin((tx) => tx.select().from(assetFiles)))).toMatch(
      /permission denied/,
    );
    expect(await failure(asAdmin((tx) => tx.select().from(assetFileChunks)))).toMatch(
      /permission denied/,
    );
    expect(await failure(asAdmin((tx) => tx.select({ x: assets.listEntry }).from(assets)))).toMatch(
      /permission denied/,
    ); // holds the beneficiary's e-mail
    expect(await failure(asAdmin((tx) => tx.select().from(userKeys)))).toMatch(/permission denied/);
    expect(await failure(asAdmin((tx) => tx.update(assets).set({ title: "Changed" })))).toMatch(
      /permission denied/,
    );
  });

  it("cannot read an item's title, clear (not moved over yet) or sealed (docs/decisions/080)", async () => {
    const { firm, client } = await firmWithClient();
    const item = await buildAsset(client.client);
    await makeTitleClear(ctx, item.id, "Will — house at 12 Main Street");
    const asAdmin = (fn: (tx: Tx) => Promise<unknown>) =>
      withClientView(ctx.services.deps.db, { userId: firm.adminId, clientId: client.id }, fn);
    expect(await failure(asAdmin((tx) => tx.select({ x: assets.title }).from(assets)))).toMatch(
      /permission denied/,
    );
    expect(
      await failure(asAdmin((tx) => tx.select({ x: assets.encryptedTitle }).from(assets))),
    ).toMatch(/permission denied/);
    // what it may read: ids, types and dates
    expect(
      await asAdmin((tx) =>
        tx.select({ id: assets.id, type: assets.type, at: assets.updatedAt }).from(assets),
      ),
    ).toHaveLength(1);
  });
});
