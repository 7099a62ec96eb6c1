import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PlanHealthView } from "../../common/plan-health.js";
import { PLAYBOOK, type PlaybookTicksView } from "../../common/playbook.js";
import { buildAsset } from "../../test/factories/assets.js";
import { buildFirm } from "../../test/factories/firm.js";
import { buildInvitedMember } from "../../test/factories/people.js";
import { sealedTicks } from "../../test/factories/playbook.js";
import { TestClient, buildUser, createTestContext, type TestContext } from "../../test/harness.js";
import { asSystem, withActor } from "../db/actor.js";
import { playbookTicks } from "../db/schema/index.js";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const read = (c: TestClient) => c.json<PlaybookTicksView>("GET", "/api/playbook");
const save = (c: TestClient, body: unknown) =>
  c.json<PlaybookTicksView>("PUT", "/api/playbook", body);
const storedRow = (ownerId: string) =>
  asSystem(
    ctx.services.deps.db,
    async (tx) =>
      (await tx.select().from(playbookTicks).where(eq(playbookTicks.ownerId, ownerId)))[0],
  );
const healthEntry = async (c: TestClient, path = "/api/plan-health") =>
  (await c.json<PlanHealthView>("GET", path)).body.entries.find(
    (e) => e.code === "platforms_not_ticked",
  );

describe("the owner's playbook checklist", () => {
  it("starts empty, keeps what the browser sealed as it was sent, and replaces it", async () => {
    const owner = await buildUser(ctx);
    expect((await read(owner.client)).body).toEqual({
      sealed: null,
      tickedCount: 0,
      updatedAt: null,
    });

    const first = { ...sealedTicks(), tickedCount: 2 };
    const saved = await save(owner.client, first);
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      sealed: { wrappedKey: first.wrappedKey, data: first.data },
      tickedCount: 2,
    });
    expect((await read(owner.client)).body).toEqual(saved.body);

    // The database holds the sealed bytes and the count, nothing else about the owner's accounts.
    const row = await storedRow(owner.id);
    expect(row?.ticks.toString("base64")).toBe(first.data);
    expect(row?.ticksKey.toString("base64")).toBe(first.wrappedKey);
    expect(Object.keys(row ?? {}).sort()).toEqual(
      ["ownerId", "ticks", "ticksKey", "tickedCount", "updatedAt"].sort(),
    );

    const second = { ...sealedTicks(), tickedCount: 0 };
    expect((await save(owner.client, second)).body.sealed?.data).toBe(second.data);
    expect((await read(owner.client)).body.tickedCount).toBe(0);
  });

  it("shows plan health how many platforms are not ticked, and the firm only that some are not", async () => {
    const firm = await buildFirm(ctx);
    const client = await buildInvitedMember(ctx, firm.admin, "regular_user", "Carla Client");
    const staff = await buildInvitedMember(ctx, firm.admin, "firm_staff", "Sam Staff");
    const total = PLAYBOOK.length;

    expect((await healthEntry(client.client))?.message).toBe(
      `${total} online accounts are not ticked off yet (Google, Apple, Facebook…).`,
    );
    await save(client.client, { ...sealedTicks(), tickedCount: total - 1 });
    expect(await healthEntry(client.client)).toMatchObject({
      message: "1 online account is not ticked off yet (Google, Apple, Facebook…).",
      fixPath: "/release/accounts",
    });

    const firmPath = `/api/clients/${client.id}/plan-health`;
    for (const reader of [firm.admin, staff.client]) {
      const entry = await healthEntry(reader, firmPath);
      expect(entry?.message).toBe("The client has not finished the checklist of online accounts.");
      expect(JSON.stringify(entry)).not.toMatch(/\d/);
    }

    await save(client.client, { ...sealedTicks(), tickedCount: total });
    expect(await healthEntry(client.client)).toBeUndefined();
    expect(await healthEntry(firm.admin, firmPath)).toBeUndefined();
  });

  it("refuses what is not a sealed checklist with a clear 400", async () => {
    const { client } = await buildUser(ctx);
    const sealed = sealedTicks();
    const refused = async (body: unknown) => {
      const res = await save(client, body);
      expect(res.status).toBe(400);
      return JSON.stringify(res.body);
    };
    expect(await refused({ ...sealed, tickedCount: PLAYBOOK.length + 1 })).toContain("tickedCount");
    expect(await refused({ ...sealed, tickedCount: -1 })).toContain("tickedCount");
    expect(await refused({ ...sealed })).toContain("tickedCount");
    expect(await refused({ ...sealed, data: "google: done", tickedCount: 1 })).toContain(
      "encrypted",
    );
    expect(await refused({ ...sealed, data: "A".repeat(12 * 1024), tickedCount: 1 })).toContain(
      "too large",
    );
    expect(await refused({ ...sealed, tickedCount: 1, ticks: { google: "done" } })).toContain(
      "ticks",
    );
    const res = await client.send("PUT", "/api/playbook", "{", {
      "content-type": "application/json",
    });
    expect(res.status).toBe(400);
    expect((await read(client)).body.sealed).toBeNull();
  });
});

describe("someone else cannot", () => {
  it("read or change the owner's checklist: another owner, a beneficiary, the firm, a stranger", async () => {
    const firm = await buildFirm(ctx);
    const owner = await buildInvitedMember(ctx, firm.admin, "regular_user", "Olive Owner");
    const staff = await buildInvitedMember(ctx, firm.admin, "firm_staff", "Sam Staff");
    const heir = await buildUser(ctx, { name: "Emma Heir" });
    await buildAsset(owner.client, { beneficiaryEmails: [heir.email] });
    const other = await buildUser(ctx);
    const ownerTicks = { ...sealedTicks(), tickedCount: 3 };
    await save(owner.client, ownerTicks);

    // Each reads and writes their own list only: there is no id to ask for anyone else's.
    for (const someone of [other.client, heir.client, staff.client, firm.admin]) {
      const mine = await read(someone);
      expect(mine.status).toBe(200);
      expect(mine.body.sealed).toBeNull();
      expect(JSON.stringify(mine.body)).not.toContain(ownerTicks.data);
      expect((await save(someone, { ...sealedTicks(), tickedCount: 9 })).status).toBe(200);
    }
    expect((await storedRow(owner.id))?.ticks.toString("base64")).toBe(ownerTicks.data);
    expect((await storedRow(owner.id))?.tickedCount).toBe(3);

    for (const path of [`/api/playbook/${owner.id}`, `/api/clients/${owner.id}/playbook`])
      expect((await firm.admin.request("GET", path)).status).toBe(404);
    const stranger = new TestClient(ctx);
    expect((await stranger.request("GET", "/api/playbook")).status).toBe(401);
    expect((await stranger.request("PUT", "/api/playbook", ownerTicks)).status).toBe(401);

    // Below the API: under row-level security another user sees no row and changes none.
    const seen = await withActor(ctx.services.deps.db, { userId: other.id }, (tx) =>
      tx.select().from(playbookTicks).where(eq(playbookTicks.ownerId, owner.id)),
    );
    expect(seen).toEqual([]);
    const changed = await withActor(ctx.services.deps.db, { userId: other.id }, (tx) =>
      tx
        .update(playbookTicks)
        .set({ tickedCount: 0 })
        .where(eq(playbookTicks.ownerId, owner.id))
        .returning(),
    );
    expect(changed).toEqual([]);
    await expect(
      withActor(ctx.services.deps.db, { userId: other.id }, (tx) =>
        tx.insert(playbookTicks).values({
          ownerId: heir.id,
          ticksKey: Buffer.alloc(60),
          ticks: Buffer.alloc(60),
          tickedCount: 1,
          updatedAt: new Date(),
        }),
      ),
    ).rejects.toThrow();
  });
});
