import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { taskProofContext } from "../../common/executor-tasks.js";
import type { ExecutorMilestonesView } from "../../common/messages.js";
import { ACCESS_DAYS } from "../../common/release.js";
import { releasedEstate, withTasks } from "../../test/factories/executor-estate.js";
import { executorEstate, listTasks, sealWith } from "../../test/factories/executor-tasks.js";
import { buildMessage } from "../../test/factories/messages.js";
import { buildInvitedMember } from "../../test/factories/people.js";
import { advance, DAY_MS, portalClient } from "../../test/factories/release.js";
import { createTestContext, rowsOf, uniqueEmail, type TestContext } from "../../test/harness.js";
import { createOffsetClock } from "../clock.js";

/**
 * The executor's workspace ends when the release's access ends (docs/decisions/111): before, the
 * executor has every route; after, every route answers as for someone who never had access.
 */
let ctx: TestContext;
const clock = createOffsetClock();
beforeAll(async () => {
  ctx = await createTestContext({}, { clock });
});
afterAll(() => ctx.close());

const HOUR_MS = 60 * 60 * 1000;

describe("the end of the executor's workspace", () => {
  it("is open until the release's access ends, then every executor route answers 404", async () => {
    const heir = uniqueEmail("heir");
    const v = await releasedEstate(ctx, clock, (owner, dataKey) =>
      buildMessage(owner.client, {
        dataKey,
        recipients: [heir],
        delivery: { when: "milestone", label: "Emma's wedding day", confirmer: "executor" },
      }),
    );
    const t = await withTasks(v);
    const proofId = randomUUID();
    const put = await v.emmaPortal.send(
      "PUT",
      `/api/legacy/tasks/${t.bank.id}/proofs/${proofId}`,
      await sealWith(t.wk, taskProofContext(t.bank.id, proofId), Buffer.from("letter")),
      { "content-type": "application/octet-stream" },
    );
    expect(put.status).toBe(201);

    // the workspace says until when it stays open: a year after the release, as the items
    const opened = await executorEstate(v.emmaPortal, v.owner.id);
    const openUntil = Date.parse(opened.openUntil);
    const left = openUntil - clock.now().getTime();
    expect(left).toBeGreaterThan((ACCESS_DAYS - 1) * DAY_MS);
    expect(left).toBeLessThanOrEqual(ACCESS_DAYS * DAY_MS);

    // another estate, released later, whose executor's own workspace stays open past the end
    const other = await releasedEstate(ctx, clock);

    // an hour before the end: everything still answers, for the executor and the family
    await advance(ctx, clock, openUntil - clock.now().getTime() - HOUR_MS);
    const emma = await portalClient(ctx, v.emma);
    const sam = await portalClient(ctx, v.sam);
    const otherEmma = await portalClient(ctx, other.emma);
    const milestonesOf = async (client: typeof emma) =>
      (await client.json<ExecutorMilestonesView>("GET", "/api/legacy/milestones")).body;
    expect((await executorEstate(emma, v.owner.id)).tasks).toHaveLength(3);
    expect((await listTasks(sam)).estates.map((e) => [e.ownerId, e.role])).toEqual([
      [v.owner.id, "family"],
    ]);
    expect((await milestonesOf(emma)).estates.map((e) => e.ownerId)).toEqual([v.owner.id]);
    expect(
      (await emma.request("GET", `/api/legacy/tasks/${t.bank.id}/proofs/${proofId}`)).status,
    ).toBe(200);
    const message = (await milestonesOf(emma)).estates[0]?.milestones[0];
    if (!message) throw new Error("no milestone listed");

    // the end passes (the release's access_end timer runs): the same sessions, nothing answers
    await advance(ctx, clock, 2 * HOUR_MS);
    const stranger = await portalClient(ctx, other.sam);
    const strangers = await milestonesOf(stranger);
    for (const client of [emma, otherEmma]) {
      expect((await listTasks(client)).estates.map((e) => e.ownerId)).not.toContain(v.owner.id);
      const tries = [
        client.request("PATCH", `/api/legacy/tasks/${t.bank.id}`, { status: "done" }),
        client.request("POST", "/api/legacy/tasks", {
          ownerId: v.owner.id,
          tasks: [{ source: { kind: "entry", id: v.bank.id }, action: "close" }],
        }),
        client.request("GET", `/api/legacy/tasks/timeline?ownerId=${v.owner.id}`),
        client.request("GET", `/api/legacy/tasks/${t.bank.id}/proofs/${proofId}`),
        client.request("DELETE", `/api/legacy/tasks/${t.bank.id}/proofs/${proofId}`),
        client.send(
          "PUT",
          `/api/legacy/tasks/${t.bank.id}/proofs/${randomUUID()}`,
          Buffer.alloc(64),
          { "content-type": "application/octet-stream" },
        ),
        client.request("POST", `/api/legacy/milestones/${message.id}/confirm`),
      ];
      for (const res of await Promise.all(tries)) expect(res.status).toBe(404);
    }
    // the milestones list answers as it does to someone who never had access
    expect(await milestonesOf(emma)).toEqual(strangers);
    // the other estate's executor keeps their own workspace
    expect((await listTasks(otherEmma)).estates.map((e) => e.ownerId)).toEqual([other.owner.id]);
    // the family's progress view ends with their items' access, the same moment
    expect((await listTasks(sam)).estates).toEqual([]);
    // nothing changed: the task is still to do
    const after = rowsOf(
      await ctx.services.deps.db.execute(
        sql`select status from executor_tasks where id = ${t.bank.id}`,
      ),
    );
    expect(after).toEqual([{ status: "todo" }]);
  });

  it("never opens for a release the owner stopped during the wait", async () => {
    const v = await releasedEstate(ctx, clock);
    // Emma is also the executor of a second owner, whose reported death the owner stops
    const stopped = await buildInvitedMember(ctx, v.firm.admin, "regular_user", "Stella Owner");
    const named = await stopped.client.json("POST", "/api/beneficiaries", {
      name: "Emma",
      email: v.emma,
      isExecutor: true,
    });
    expect(named.status).toBe(201);
    const reported = await v.firm.admin.json("POST", `/api/clients/${stopped.id}/release`, {
      attesterName: "Ada Admin",
      eventDate: "2026-11-01",
    });
    expect(reported.status).toBeLessThan(300);
    const cancelled = await stopped.client.json<{ state: string }>("POST", "/api/release/cancel");
    expect(cancelled.body.state).not.toBe("waiting");
    await advance(ctx, clock, 8 * DAY_MS);
    const emma = await portalClient(ctx, v.emma);
    expect((await listTasks(emma)).estates.map((e) => e.ownerId)).toEqual([v.owner.id]);
    const make = await emma.request("POST", "/api/legacy/tasks", {
      ownerId: stopped.id,
      tasks: [{ source: { kind: "entry", id: randomUUID() }, action: "close" }],
    });
    expect(make.status).toBe(404);
  });
});
