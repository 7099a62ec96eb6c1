import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildFirm } from "../../test/factories/firm.js";
import { buildInvitedMember } from "../../test/factories/people.js";
import { buildUser, createTestContext, type TestContext } from "../../test/harness.js";
import { withActor } from "../db/actor.js";
import {
  legacyCodes,
  legacySessions,
  releaseDocuments,
  releaseItems,
  releaseLinks,
  releasePlans,
  releases,
  timers,
} from "../db/schema/index.js";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

async function refused(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (err) {
    const chain: string[] = [];
    for (let e: unknown = err; e instanceof Error; e = e.cause) chain.push(e.message);
    return chain.join(" <- ");
  }
  throw new Error("expected the statement to be refused");
}

describe("row-level security of the release tables", () => {
  it("an owner and their firm read the owner's plan and releases; another user and another firm read none", async () => {
    const firm = await buildFirm(ctx);
    const client = await buildInvitedMember(ctx, firm.admin, "regular_user", "Rita Client");
    const staff = await buildInvitedMember(ctx, firm.admin, "firm_staff");
    const other = await buildFirm(ctx);
    const stranger = await buildUser(ctx);
    await client.client.json("PUT", "/api/release/plan", { inactivityMonths: 12, waitDays: 14 });
    expect(
      (
        await firm.admin.json("POST", `/api/clients/${client.id}/release`, {
          attesterName: "Ada Admin",
          eventDate: "2026-10-01",
        })
      ).status,
    ).toBe(201);

    const seen = (userId: string) =>
      withActor(ctx.services.deps.db, { userId }, async (tx) => ({
        plans: (await tx.select().from(releasePlans)).length,
        releases: (await tx.select().from(releases).where(eq(releases.userId, client.id))).length,
      }));
    expect(await seen(client.id)).toEqual({ plans: 1, releases: 1 });
    expect(await seen(staff.id)).toEqual({ plans: 1, releases: 1 });
    expect(await seen(firm.adminId)).toEqual({ plans: 1, releases: 1 });
    expect(await seen(other.adminId)).toEqual({ plans: 0, releases: 0 });
    expect(await seen(stranger.id)).toEqual({ plans: 0, releases: 0 });
  });

  it("lv_app can write no release table, and cannot even read the grants, links, codes, sessions, documents or timers", async () => {
    const user = await buildUser(ctx);
    const db = ctx.services.deps.db;
    for (const table of [
      releaseItems,
      releaseLinks,
      timers,
      legacyCodes,
      legacySessions,
      releaseDocuments,
    ]) {
      expect(
        await refused(withActor(db, { userId: user.id }, (tx) => tx.select().from(table))),
      ).toMatch(/permission denied/);
    }
    const now = new Date();
    expect(
      await refused(
        withActor(db, { userId: user.id }, (tx) =>
          tx.insert(releasePlans).values({
            userId: user.id,
            inactivityMonths: 3,
            waitDays: 1,
            lastCheckInAt: now,
            updatedAt: now,
          }),
        ),
      ),
    ).toMatch(/permission denied/);
    expect(
      await refused(
        withActor(db, { userId: user.id }, (tx) =>
          tx.insert(releases).values({
            userId: user.id,
            trigger: "inactivity",
            status: "released",
            startedAt: now,
            releaseAt: now,
          }),
        ),
      ),
    ).toMatch(/permission denied/);
  });
});
