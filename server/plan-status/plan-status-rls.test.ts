import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildFirm } from "../../test/factories/firm.js";
import { buildInvitedMember } from "../../test/factories/people.js";
import { buildUser, createTestContext, type TestContext } from "../../test/harness.js";
import { withActor } from "../db/actor.js";
import { clientPlanStatus } from "../db/schema/index.js";

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

describe("row-level security of client_plan_status (lv_app, not a superuser)", () => {
  it("the client's current firm reads the row; another firm, the client and a stranger read none", async () => {
    const firm = await buildFirm(ctx);
    const client = await buildInvitedMember(ctx, firm.admin, "regular_user", "Rita Client");
    const staff = await buildInvitedMember(ctx, firm.admin, "firm_staff");
    const assistant = await buildInvitedMember(ctx, firm.admin, "firm_assistant");
    const other = await buildFirm(ctx);
    const stranger = await buildUser(ctx);
    const db = ctx.services.deps.db;
    // asked by firm explicitly: the policy, not the query's WHERE, keeps other firms out
    const seen = (userId: string) =>
      withActor(db, { userId }, (tx) =>
        tx
          .select({ id: clientPlanStatus.clientId })
          .from(clientPlanStatus)
          .where(eq(clientPlanStatus.firmId, firm.firmId))
          .then((rows) => rows.map((r) => r.id)),
      );
    for (const reader of [firm.adminId, staff.id, assistant.id])
      expect(await seen(reader)).toEqual([client.id]);
    for (const outsider of [other.adminId, client.id, stranger.id])
      expect(await seen(outsider)).toEqual([]);
    const all = await withActor(db, { userId: other.adminId }, (tx) =>
      tx.select().from(clientPlanStatus),
    );
    expect(all).toEqual([]);
  });

  it("lv_app can neither write the rows nor recompute them: only the triggers do", async () => {
    const firm = await buildFirm(ctx);
    const client = await buildInvitedMember(ctx, firm.admin, "regular_user");
    const db = ctx.services.deps.db;
    const asAdmin = <T>(fn: Parameters<typeof withActor<T>>[2]) =>
      withActor(db, { userId: firm.adminId }, fn);
    expect(
      await refused(
        asAdmin((tx) =>
          tx
            .update(clientPlanStatus)
            .set({ score: 100 })
            .where(eq(clientPlanStatus.clientId, client.id)),
        ),
      ),
    ).toMatch(/permission denied/);
    expect(
      await refused(
        asAdmin((tx) =>
          tx.delete(clientPlanStatus).where(eq(clientPlanStatus.clientId, client.id)),
        ),
      ),
    ).toMatch(/permission denied/);
    expect(
      await refused(
        asAdmin((tx) =>
          tx.insert(clientPlanStatus).values({
            clientId: firm.adminId,
            firmId: firm.firmId,
            sortName: "x",
            hasReleasePlan: true,
            hasBeneficiaries: true,
            areKeysHandedOver: true,
            areVerifiersAccepted: true,
            hasRecoveryKit: true,
            score: 100,
          }),
        ),
      ),
    ).toMatch(/permission denied/);
    for (const call of [
      sql`select app_refresh_plan_status(${client.id})`,
      sql`select * from app_plan_facts(${client.id})`,
    ])
      expect(await refused(asAdmin((tx) => tx.execute(call)))).toMatch(/permission denied/);
  });
});
