import { randomBytes, randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LegacyItemDetail, LegacyItemsView } from "../../common/legacy.js";
import {
  MESSAGE_MSG,
  type ExecutorMilestonesView,
  type FirmMilestonesView,
  type MessageScheduleView,
  type MilestoneConfirmersView,
  type MilestoneView,
} from "../../common/messages.js";
import { buildAsset, dataKeyOf } from "../../test/factories/assets.js";
import { createBeneficiaryKey } from "../../test/factories/beneficiary-keys.js";
import { buildFirm } from "../../test/factories/firm.js";
import { buildMessage } from "../../test/factories/messages.js";
import { buildInvitedMember } from "../../test/factories/people.js";
import { mailsTo, portalClient, releaseByAttestation } from "../../test/factories/release.js";
import {
  TestClient,
  buildUser,
  createTestContext,
  rowsOf,
  uniqueEmail,
  type TestContext,
} from "../../test/harness.js";
import { createOffsetClock } from "../clock.js";
import { deliverDueMessages } from "./sweep.js";

/** Milestones that a named person confirms (docs/decisions/109), over HTTP on a real database. */

let ctx: TestContext;
const clock = createOffsetClock();
beforeAll(async () => {
  ctx = await createTestContext({}, { clock });
});
afterAll(() => ctx.close());

const b64 = (b: Uint8Array) => Buffer.from(b).toString("base64");
type ErrorBody = { error: { message: string } };

async function nameExecutor(owner: { client: TestClient }, email = uniqueEmail("emma")) {
  const res = await owner.client.json("POST", "/api/beneficiaries", {
    name: "Emma",
    email,
    isExecutor: true,
  });
  expect(res.status).toBe(201);
  return email;
}

/** A firm client with Emma their executor and a message for the heir on a milestone. */
async function ownerWithMilestone(confirmer: "executor" | "firm") {
  const firm = await buildFirm(ctx);
  const owner = await buildInvitedMember(ctx, firm.admin, "regular_user", "Olga Owner");
  const emma = await nameExecutor(owner);
  const dk = await dataKeyOf(owner.client);
  const heir = uniqueEmail("heir");
  const message = await buildMessage(owner.client, {
    dataKey: dk,
    recipients: [heir],
    delivery: { when: "milestone", label: "Emma's wedding day", confirmer },
  });
  const key = await createBeneficiaryKey(owner.client, dk, { email: heir, items: [message] });
  // the executor receives something of their own, so the portal signs them in
  const note = await buildAsset(owner.client, {
    type: "note",
    title: "For Emma",
    beneficiaryEmails: [emma],
    content: { text: "the keys are in the drawer" },
    dataKey: dk,
  });
  await createBeneficiaryKey(owner.client, dk, { email: emma, items: [note] });
  return { firm, owner, emma, heir, message, key };
}

const scheduleOf = async (owner: { client: TestClient }, id: string) =>
  (await owner.client.json<MessageScheduleView>("GET", `/api/messages/${id}/schedule`)).body;

/** The audit rows of a milestone's confirmation: who confirmed it, for which owner and firm. */
const confirmations = async (id: string) =>
  rowsOf<{ actorId: string | null; ownerId: string; firmId: string | null; details: unknown }>(
    await ctx.services.deps.db.execute(
      sql`select actor_id as "actorId", owner_id as "ownerId", firm_id as "firmId", details from audit_log where action = 'message.milestone-confirmed' and subject_id = ${id}`,
    ),
  );

const portalItems = async (portal: TestClient) =>
  (await portal.json<LegacyItemsView>("GET", "/api/legacy/items")).body.items.map((i) => i.id);

describe("a milestone's schedule", () => {
  it("keeps the description trimmed and the confirmer; refuses a missing, blank or long one", async () => {
    const firm = await buildFirm(ctx);
    const owner = await buildInvitedMember(ctx, firm.admin, "regular_user", "Olga Owner");
    const m = await buildMessage(owner.client, {
      dataKey: await dataKeyOf(owner.client),
      recipients: [],
      delivery: { when: "milestone", label: "  Emma's wedding day ", confirmer: "firm" },
    });
    expect(await scheduleOf(owner, m.id)).toMatchObject({
      delivery: { when: "milestone", label: "Emma's wedding day", confirmer: "firm" },
      dueAt: null,
      confirmedAt: null,
    });
    const put = (delivery: unknown) =>
      owner.client.json<ErrorBody>("PUT", `/api/messages/${m.id}/schedule`, {
        delivery,
        waitingShare: b64(randomBytes(32)),
      });
    for (const [delivery, message] of [
      [{ when: "milestone", confirmer: "firm" }, MESSAGE_MSG.milestoneLabelRequired],
      [{ when: "milestone", label: "   ", confirmer: "firm" }, MESSAGE_MSG.milestoneLabelRequired],
      [
        { when: "milestone", label: "x".repeat(121), confirmer: "firm" },
        MESSAGE_MSG.milestoneLabelTooLong,
      ],
      [
        { when: "milestone", label: "A day", confirmer: "verifier" },
        MESSAGE_MSG.milestoneConfirmerInvalid,
      ],
    ] as const) {
      const res = await put(delivery);
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe(message);
    }
    const long = await put({ when: "milestone", label: "y".repeat(120), confirmer: "firm" });
    expect(long.status).toBe(200);
  });

  it("the executor confirms only once one is named; the firm only for a client of a firm", async () => {
    const firm = await buildFirm(ctx);
    const client = await buildInvitedMember(ctx, firm.admin, "regular_user", "Olga Owner");
    const alone = await buildUser(ctx);
    const putAs = async (who: { client: TestClient }, confirmer: string) => {
      const m = await buildMessage(who.client, {
        dataKey: await dataKeyOf(who.client),
        recipients: [],
        delivery: { when: "release" },
      });
      return who.client.json<ErrorBody>("PUT", `/api/messages/${m.id}/schedule`, {
        delivery: { when: "milestone", label: "Graduation", confirmer },
        waitingShare: b64(randomBytes(32)),
      });
    };
    const confirmers = async (who: { client: TestClient }) =>
      (await who.client.json<MilestoneConfirmersView>("GET", "/api/messages/confirmers")).body;
    expect(await confirmers(client)).toEqual({ confirmers: ["firm"] });
    expect(await confirmers(alone)).toEqual({ confirmers: [] });
    const noExecutor = await putAs(client, "executor");
    expect(noExecutor.status).toBe(400);
    expect(noExecutor.body.error.message).toBe(MESSAGE_MSG.milestoneNoExecutor);
    const noFirm = await putAs(alone, "firm");
    expect(noFirm.status).toBe(400);
    expect(noFirm.body.error.message).toBe(MESSAGE_MSG.milestoneNoFirm);
    expect((await putAs(client, "firm")).status).toBe(200);
    await nameExecutor(client);
    await nameExecutor(alone);
    expect((await putAs(client, "executor")).status).toBe(200);
    expect((await putAs(alone, "executor")).status).toBe(200);
    expect(await confirmers(client)).toEqual({ confirmers: ["executor", "firm"] });
    expect(await confirmers(alone)).toEqual({ confirmers: ["executor"] });
    expect((await new TestClient(ctx).request("GET", "/api/messages/confirmers")).status).toBe(401);
  });
});

describe("the firm confirms a milestone", () => {
  it("after the release only, for its own client only; the sweep then delivers it", async () => {
    const v = await ownerWithMilestone("firm");
    const other = await buildFirm(ctx);
    const staff = await buildInvitedMember(ctx, v.firm.admin, "firm_staff", "Sam Staff");
    const list = `/api/clients/${v.owner.id}/milestones`;
    const confirm = `/api/clients/${v.owner.id}/milestones/${v.message.id}/confirm`;

    const before = await v.firm.admin.json<FirmMilestonesView>("GET", list);
    expect(before.status).toBe(200);
    expect(before.body).toEqual({
      isReleased: false,
      milestones: [{ id: v.message.id, label: "Emma's wedding day", confirmedAt: null }],
    });
    expect(JSON.stringify(before.body)).not.toContain(v.message.title);
    const early = await v.firm.admin.json<ErrorBody>("POST", confirm);
    expect(early.status).toBe(409);
    expect(early.body.error.message).toBe(MESSAGE_MSG.milestoneNotReleased);

    // someone else cannot: another firm's admin, staff, the owner, a stranger; a missing id alike
    const stranger = await buildUser(ctx);
    for (const client of [other.admin, staff.client, v.owner.client, stranger.client]) {
      expect((await client.request("GET", list)).status).toBe(404);
      expect((await client.request("POST", confirm)).status).toBe(404);
    }
    const missing = `/api/clients/${v.owner.id}/milestones/${randomUUID()}/confirm`;
    expect((await v.firm.admin.request("POST", missing)).status).toBe(404);
    expect((await new TestClient(ctx).request("POST", confirm)).status).toBe(401);

    await releaseByAttestation(ctx, clock, { firmAdmin: v.firm.admin, owner: v.owner });
    expect((await scheduleOf(v.owner, v.message.id)).dueAt).toBeNull();
    await deliverDueMessages(ctx.services.deps);
    const heirPortal = await portalClient(ctx, v.heir);
    expect(await portalItems(heirPortal)).not.toContain(v.message.id);
    // the executor does not confirm what the owner left to the firm
    const emmaPortal = await portalClient(ctx, v.emma);
    expect(
      (await emmaPortal.json<ExecutorMilestonesView>("GET", "/api/legacy/milestones")).body,
    ).toEqual({ estates: [] });
    expect(
      (await emmaPortal.request("POST", `/api/legacy/milestones/${v.message.id}/confirm`)).status,
    ).toBe(404);
    // another firm's admin still cannot, through its own client's path either
    const otherClient = await buildInvitedMember(ctx, other.admin, "regular_user", "Otto");
    expect(
      (
        await other.admin.request(
          "POST",
          `/api/clients/${otherClient.id}/milestones/${v.message.id}/confirm`,
        )
      ).status,
    ).toBe(404);
    expect((await other.admin.request("POST", confirm)).status).toBe(404);

    const done = await v.firm.admin.json<{ milestone: MilestoneView }>("POST", confirm);
    expect(done.status).toBe(200);
    const confirmedAt = done.body.milestone.confirmedAt;
    expect(Math.abs(Date.parse(confirmedAt ?? "") - clock.now().getTime())).toBeLessThan(60_000);
    const schedule = await scheduleOf(v.owner, v.message.id);
    expect(schedule).toMatchObject({ confirmedAt, dueAt: confirmedAt, deliveredAt: null });
    // twice: the same confirmation, one audit row
    const again = await v.firm.admin.json<{ milestone: MilestoneView }>("POST", confirm);
    expect(again.status).toBe(200);
    expect(again.body.milestone.confirmedAt).toBe(confirmedAt);
    expect(await confirmations(v.message.id)).toEqual([
      {
        actorId: v.firm.adminId,
        ownerId: v.owner.id,
        firmId: v.firm.firmId,
        details: { confirmer: "firm", by: v.firm.adminId },
      },
    ]);
    expect((await v.firm.admin.json<FirmMilestonesView>("GET", list)).body).toMatchObject({
      isReleased: true,
      milestones: [{ id: v.message.id, confirmedAt }],
    });

    expect(await deliverDueMessages(ctx.services.deps)).toBe(1);
    expect(await portalItems(heirPortal)).toContain(v.message.id);
    const item = await heirPortal.json<{ item: LegacyItemDetail }>(
      "GET",
      `/api/legacy/items/${v.message.id}`,
    );
    expect(item.body.item.waitingShare).toBe(b64(v.message.waitingShare));
    expect(
      (await mailsTo(ctx, v.heir)).filter((m) => m.template === "message-delivered"),
    ).toHaveLength(1);
  });
});

describe("the executor confirms a milestone", () => {
  it("in the portal after the release, for the estates they are executor of only", async () => {
    const v = await ownerWithMilestone("executor");
    const unrelated = await ownerWithMilestone("executor");
    // the firm does not confirm what the owner left to the executor
    expect(
      (
        await v.firm.admin.request(
          "POST",
          `/api/clients/${v.owner.id}/milestones/${v.message.id}/confirm`,
        )
      ).status,
    ).toBe(404);
    await releaseByAttestation(ctx, clock, { firmAdmin: v.firm.admin, owner: v.owner });
    await releaseByAttestation(ctx, clock, {
      firmAdmin: unrelated.firm.admin,
      owner: unrelated.owner,
    });
    const confirm = `/api/legacy/milestones/${v.message.id}/confirm`;
    // the heir is not the executor; another estate's executor is not this one's (and sees theirs only)
    const heirPortal = await portalClient(ctx, v.heir);
    const otherExecutor = await portalClient(ctx, unrelated.emma);
    expect(
      (await heirPortal.json<ExecutorMilestonesView>("GET", "/api/legacy/milestones")).body,
    ).toEqual({ estates: [] });
    const theirs = await otherExecutor.json<ExecutorMilestonesView>(
      "GET",
      "/api/legacy/milestones",
    );
    expect(theirs.body.estates.map((e) => e.ownerId)).toEqual([unrelated.owner.id]);
    for (const portal of [heirPortal, otherExecutor])
      expect((await portal.request("POST", confirm)).status).toBe(404);
    const emma = await portalClient(ctx, v.emma);
    const listed = await emma.json<ExecutorMilestonesView>("GET", "/api/legacy/milestones");
    expect(listed.body).toEqual({
      estates: [
        {
          ownerId: v.owner.id,
          ownerName: "Olga Owner",
          milestones: [{ id: v.message.id, label: "Emma's wedding day", confirmedAt: null }],
        },
      ],
    });
    expect(
      (await emma.request("POST", `/api/legacy/milestones/${randomUUID()}/confirm`)).status,
    ).toBe(404);
    const done = await emma.json<{ milestone: MilestoneView }>("POST", confirm);
    expect(done.status).toBe(200);
    expect((await scheduleOf(v.owner, v.message.id)).dueAt).toBe(done.body.milestone.confirmedAt);
    expect(await confirmations(v.message.id)).toEqual([
      {
        actorId: null,
        ownerId: v.owner.id,
        firmId: null,
        details: { confirmer: "executor", by: v.emma },
      },
    ]);

    expect(await deliverDueMessages(ctx.services.deps)).toBe(1);
    expect(await portalItems(heirPortal)).toContain(v.message.id);
  });
});
