import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildFirm } from "../../test/factories/firm.js";
import { buildInvitedMember } from "../../test/factories/people.js";
import { createTestContext, rowsOf, type TestContext } from "../../test/harness.js";
import { withActor } from "../db/actor.js";
import {
  clientReminders,
  reminderOptOutTokens,
  reminderOptOuts,
  reminderRunClients,
  reminderRuns,
  reminderSettings,
} from "../db/schema/index.js";
import { runReminders } from "./worker.js";

/** Row-level security of the reminder tables (migration 0060) under lv_app, not a superuser. */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

async function refused(promise: Promise<unknown>) {
  const outcome = await promise.then(
    () => "done",
    () => "refused",
  );
  expect(outcome).toBe("refused");
}

describe("row-level security of the reminder tables", () => {
  it("a firm's template and sends: its admins only; the system's tables: nobody", async () => {
    const firm = await buildFirm(ctx);
    const client = await buildInvitedMember(ctx, firm.admin, "regular_user", "Nia Client");
    const staff = await buildInvitedMember(ctx, firm.admin, "firm_staff");
    const assistant = await buildInvitedMember(ctx, firm.admin, "firm_assistant");
    const other = await buildFirm(ctx);
    await firm.admin.request("PUT", "/api/firm/reminders", {
      subject: "Hi {client_name}",
      body: "{missing_steps}",
      isMonthly: false,
    });
    await firm.admin.request("POST", "/api/firm/reminders/runs");
    await runReminders(ctx.services.deps);
    const db = ctx.services.deps.db;
    const counts = (userId: string) =>
      withActor(db, { userId }, async (tx) => ({
        settings: (await tx.select().from(reminderSettings)).length,
        runs: (await tx.select().from(reminderRuns)).length,
      }));
    expect(await counts(firm.adminId)).toEqual({ settings: 1, runs: 1 });
    for (const outsider of [staff.id, assistant.id, client.id, other.adminId])
      expect(await counts(outsider)).toEqual({ settings: 0, runs: 0 });
    for (const table of [reminderRunClients, clientReminders, reminderOptOutTokens])
      await refused(withActor(db, { userId: firm.adminId }, (tx) => tx.select().from(table)));
    await refused(
      withActor(db, { userId: firm.adminId }, (tx) =>
        tx.update(reminderRuns).set({ sentClients: 0 }),
      ),
    );
  });

  it("an opt-out: the client writes their own only; their firm's admins read it, no one else", async () => {
    const firm = await buildFirm(ctx);
    const client = await buildInvitedMember(ctx, firm.admin, "regular_user", "Oli Client");
    const neighbour = await buildInvitedMember(ctx, firm.admin, "regular_user", "Pam Client");
    const staff = await buildInvitedMember(ctx, firm.admin, "firm_staff");
    const other = await buildFirm(ctx);
    const db = ctx.services.deps.db;
    await refused(
      withActor(db, { userId: client.id }, (tx) =>
        tx.insert(reminderOptOuts).values({ clientId: neighbour.id }),
      ),
    );
    await refused(
      withActor(db, { userId: firm.adminId }, (tx) =>
        tx.insert(reminderOptOuts).values({ clientId: client.id }),
      ),
    );
    await withActor(db, { userId: client.id }, (tx) =>
      tx.insert(reminderOptOuts).values({ clientId: client.id }),
    );
    const seen = (userId: string) =>
      withActor(db, { userId }, (tx) =>
        tx
          .execute(sql`select client_id from reminder_opt_outs`)
          .then((r) => rowsOf<{ client_id: string }>(r).map((x) => x.client_id)),
      );
    expect(await seen(client.id)).toEqual([client.id]);
    expect(await seen(firm.adminId)).toEqual([client.id]);
    for (const outsider of [neighbour.id, staff.id, other.adminId])
      expect(await seen(outsider)).toEqual([]);
    // the admin cannot take a client's opt-out away
    const deleted = await withActor(db, { userId: firm.adminId }, (tx) =>
      tx.delete(reminderOptOuts).returning(),
    );
    expect(deleted).toEqual([]);
  });
});
