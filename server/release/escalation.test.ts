import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { GENESIS_HASH, entryHashInput } from "../../common/release-evidence.js";
import { RELEASE_MSG, type ReleasePlanView } from "../../common/release.js";
import type { FirmReportView } from "../../common/verifier-reports.js";
import { buildFirm } from "../../test/factories/firm.js";
import { buildInvitedMember } from "../../test/factories/people.js";
import { DAY_MS, advance, mailsTo } from "../../test/factories/release.js";
import { buildAcceptedVerifier, buildVerifierSession } from "../../test/factories/verifiers.js";
import {
  GOOD_PASSWORD,
  TestClient,
  buildUser,
  createTestContext,
  rowsOf,
  type TestContext,
} from "../../test/harness.js";
import { createOffsetClock } from "../clock.js";
import { withActor } from "../db/actor.js";
import { escalationAnswers, escalations } from "../db/schema/index.js";
import { runDueTimers } from "./timers.js";

let ctx: TestContext;
const clock = createOffsetClock();
beforeAll(async () => {
  ctx = await createTestContext({}, { clock });
});
afterAll(() => ctx.close());

const plan = (c: TestClient) => c.json<ReleasePlanView>("GET", "/api/release");
const subjects = async (to: string) => (await mailsTo(ctx, to)).map((m) => m.subject);
const evidenceKinds = async (ownerId: string) =>
  rowsOf<{ kind: string }>(
    await ctx.services.deps.db.execute(
      sql`select kind from release_evidence where owner_id = ${ownerId} order by seq`,
    ),
  ).map((r) => r.kind);

/** An owner (3-month plan, 1-day wait) with `n` accepted verifiers and k; the period has ended. */
async function escalated(n: number, k: number, options: { requireVerifier?: boolean } = {}) {
  const owner = await buildUser(ctx, { name: "Olive Owner" });
  const people = [];
  for (const name of ["Anna Smith", "Ben Jones", "Cleo Park"].slice(0, n))
    people.push(await buildAcceptedVerifier(ctx, owner.client, name));
  if (k > 1) await owner.client.json("PUT", "/api/verifiers/threshold", { threshold: k });
  const saved = await owner.client.json<ReleasePlanView>("PUT", "/api/release/plan", {
    inactivityMonths: 3,
    waitDays: 1,
    ...options,
  });
  expect(saved.status).toBe(200);
  const endsAt = new Date(saved.body.plan.inactivityEndsAt ?? "").getTime();
  await advance(ctx, clock, endsAt - clock.now().getTime() + 1000);
  const view = (await plan(owner.client)).body;
  return { owner, people, view, escalationId: "" };
}

async function escalationIdOf(email: string) {
  const s = await buildVerifierSession(ctx, email);
  const role = (await s.desk()).body.roles[0];
  return { s, id: role?.escalation?.id ?? "", role };
}

describe("escalation before any wait starts", () => {
  it("k = 2: the verifiers are asked; two 'could not reach' start the wait", async () => {
    const { owner, people, view } = await escalated(3, 2);
    const [anna, ben] = people;
    if (!anna || !ben) throw new Error("people");
    expect(view.state).toBe("counting_down");
    expect(view.escalation).toMatchObject({ status: "open", asked: 3, needed: 2, answers: [] });
    expect(view.timeline.map((t) => t.label)).toContain("Your verifiers were asked to reach you");
    expect(await subjects(anna.email)).toContain("Please try to reach Olive Owner");
    expect(await subjects(owner.email)).toContain("We are asking your verifiers to reach you");
    // the verifier's e-mail carries no token and no title
    const ask = (await mailsTo(ctx, anna.email)).find((m) => m.subject.includes("try to reach"));
    expect(ask?.text).not.toMatch(/token=/);
    // the owner's one carries an "I'm still here" link: erased once delivered or expired
    const told = (await mailsTo(ctx, owner.email)).find((m) => m.template === "escalation-owner");
    expect(told?.text).toMatch(/\/release\/check-in\?token=/);
    expect(told?.expiresAt).toBeInstanceOf(Date);

    const a = await escalationIdOf(anna.email);
    expect(a.role?.escalation).toMatchObject({ myAnswer: null, needed: 2, unreachable: 0 });
    expect((await a.s.answer(anna.id, a.id, "unreachable")).status).toBe(200);
    expect((await a.s.answer(anna.id, a.id, "unreachable")).status).toBe(409);
    expect((await plan(owner.client)).body.state).toBe("counting_down");

    const b = await escalationIdOf(ben.email);
    expect((await b.s.answer(ben.id, b.id, "unreachable")).status).toBe(200);
    const after = (await plan(owner.client)).body;
    expect(after.state).toBe("waiting");
    expect(after.escalation?.status).toBe("wait_started");
    expect(await evidenceKinds(owner.id)).toEqual(
      expect.arrayContaining(["escalation_started", "escalation_answered", "release_started"]),
    );
    // the window's timer is gone with the escalation: nothing runs twice
    await advance(ctx, clock, 8 * DAY_MS);
    expect((await plan(owner.client)).body.state).toBe("released");
  });

  it("one 'I reached them' stops it: nothing starts, the countdown restarts, everyone is told", async () => {
    const { owner, people } = await escalated(2, 2);
    const [anna, ben] = people;
    if (!anna || !ben) throw new Error("people");
    const a = await escalationIdOf(anna.email);
    const res = await a.s.answer(anna.id, a.id, "reached");
    expect(res.status).toBe(200);
    const view = (await plan(owner.client)).body;
    expect(view.escalation?.status).toBe("reached");
    // the verifier's word is a check-in: the countdown starts again from now
    expect(clock.now().getTime() - new Date(view.plan.lastCheckInAt).getTime()).toBeLessThan(5000);
    expect(await subjects(owner.email)).toContain("Anna Smith told us you are fine");
    expect(await subjects(ben.email)).toContain("Nothing more is needed for Olive Owner");
    const b = await escalationIdOf(ben.email);
    expect(b.role?.escalation).toBeNull();
    expect(await b.s.answer(ben.id, a.id, "unreachable")).toMatchObject({ status: 409 });
    await advance(ctx, clock, 8 * DAY_MS);
    expect((await plan(owner.client)).body.state).toBe("counting_down");
  });

  it("the owner's sign-in closes it, and the verifiers are told", async () => {
    const { owner, people } = await escalated(1, 1);
    const again = new TestClient(ctx);
    await again.json("POST", "/api/auth/sign-in/email", {
      email: owner.email,
      password: GOOD_PASSWORD,
    });
    expect((await plan(owner.client)).body.escalation?.status).toBe("checked_in");
    expect(await subjects(people[0]?.email ?? "")).toContain(
      "Nothing more is needed for Olive Owner",
    );
    expect(await evidenceKinds(owner.id)).toContain("escalation_closed");
  });

  it("with no answer the wait starts when the window ends; 'never without a verifier' holds instead", async () => {
    const plain = await escalated(2, 2);
    await advance(ctx, clock, 7 * DAY_MS);
    expect((await plan(plain.owner.client)).body.state).toBe("waiting");
    const held = await escalated(2, 2, { requireVerifier: true });
    await advance(ctx, clock, 7 * DAY_MS);
    const view = (await plan(held.owner.client)).body;
    expect(view.state).toBe("counting_down");
    expect(view.escalation).toMatchObject({ status: "open", isHeld: true });
    expect(view.plan.requireVerifier).toBe(true);
    // the verifiers' answers still count: k of them start the wait
    for (const p of held.people) {
      const s = await escalationIdOf(p.email);
      expect(s.role?.escalation?.endsAt).toBeNull();
      expect((await s.s.answer(p.id, s.id, "unreachable")).status).toBe(200);
    }
    expect((await plan(held.owner.client)).body.state).toBe("waiting");
  });

  it("'never without a verifier' and no verifier: inactivity alone starts nothing", async () => {
    const { owner } = await escalated(0, 1, { requireVerifier: true });
    await advance(ctx, clock, 30 * DAY_MS);
    expect((await plan(owner.client)).body).toMatchObject({
      state: "counting_down",
      release: null,
    });
    expect(await evidenceKinds(owner.id)).toContain("escalation_held");
  });

  it("two sweeps at once claim each due step once", async () => {
    const { owner } = await escalated(1, 1);
    clock.advance(7 * DAY_MS + 1000);
    await Promise.all([runDueTimers(ctx.services.deps), runDueTimers(ctx.services.deps)]);
    expect((await plan(owner.client)).body.state).toBe("waiting");
    const kinds = await evidenceKinds(owner.id);
    expect(kinds.filter((k) => k === "release_started")).toHaveLength(1);
    expect(
      (await subjects(owner.email)).filter(
        (s) => s === "A release of your Legacy Vault has started",
      ),
    ).toHaveLength(1);
  });
});

describe("the sweep's batch of ended windows", () => {
  /** Owners whose plans end together, each with one accepted verifier; their escalations open. */
  async function escalatedTogether(options: { requireVerifier?: boolean }[]) {
    const owners = [];
    for (const [i, o] of options.entries()) {
      const owner = await buildUser(ctx, { name: `Owner ${i}` });
      await buildAcceptedVerifier(ctx, owner.client, "Anna Smith");
      await owner.client.json("PUT", "/api/release/plan", {
        inactivityMonths: 3,
        waitDays: 1,
        ...o,
      });
      owners.push(owner);
    }
    const ends = await Promise.all(owners.map(async (o) => (await plan(o.client)).body));
    const last = Math.max(...ends.map((v) => new Date(v.plan.inactivityEndsAt ?? "").getTime()));
    await advance(ctx, clock, last - clock.now().getTime() + 1000);
    for (const o of owners) expect((await plan(o.client)).body.escalation?.status).toBe("open");
    return owners;
  }

  const chainOf = async (ownerId: string) =>
    rowsOf<{ seq: number; entry: string; prev_hash: string; hash: string }>(
      await ctx.services.deps.db.execute(
        sql`select seq, entry, prev_hash, hash from release_evidence where owner_id = ${ownerId} order by seq`,
      ),
    );

  it("two sweeps at once start each wait once, with its e-mail and an intact evidence chain; a held one is left to its own step", async () => {
    const owners = await escalatedTogether([{}, {}, {}, { requireVerifier: true }]);
    clock.advance(7 * DAY_MS + 1000);
    // the batch itself does the work: a failed batch would fall back to one step at a time
    const warn = vi.spyOn(ctx.services.deps.log, "warn");
    const ran = await Promise.all([
      runDueTimers(ctx.services.deps),
      runDueTimers(ctx.services.deps),
    ]);
    expect(ran[0] + ran[1]).toBe(owners.length);
    expect(warn).not.toHaveBeenCalled();
    warn.mockRestore();
    for (const owner of owners.slice(0, 3)) {
      const view = (await plan(owner.client)).body;
      expect(view.state).toBe("waiting");
      expect(view.escalation).toMatchObject({ status: "wait_started" });
      const chain = await chainOf(owner.id);
      expect(chain.map((e) => e.seq)).toEqual(chain.map((_, i) => i + 1));
      let prev = GENESIS_HASH;
      for (const e of chain) {
        expect(e.prev_hash).toBe(prev);
        expect(e.hash).toBe(
          createHash("sha256").update(entryHashInput(prev, e.entry)).digest("hex"),
        );
        prev = e.hash;
      }
      const started = chain.map((e) => JSON.parse(e.entry) as { kind: string; data: unknown });
      expect(started.filter((e) => e.kind === "release_started")).toEqual([
        expect.objectContaining({
          data: { trigger: "inactivity", waitDays: 1, releaseAt: view.release?.releaseAt },
        }),
      ]);
      expect(
        (await subjects(owner.email)).filter(
          (s) => s === "A release of your Legacy Vault has started",
        ),
      ).toHaveLength(1);
    }
    const held = owners[3];
    expect((await plan(held?.client as TestClient)).body).toMatchObject({
      state: "counting_down",
      escalation: { status: "open", isHeld: true },
    });
    expect(await evidenceKinds(held?.id ?? "")).toContain("escalation_held");
  });
});

describe("someone else cannot answer", () => {
  it("another plan's verifier, a removed verifier, no session: 404, 404, 401", async () => {
    const { owner, people } = await escalated(2, 2);
    const [anna, ben] = people;
    if (!anna || !ben) throw new Error("people");
    const { id } = await escalationIdOf(anna.email);
    // a verifier of another owner, with their own role, cannot answer this escalation
    const other = await buildUser(ctx, { name: "Otto Other" });
    const stranger = await buildAcceptedVerifier(ctx, other.client, "Sam Stranger");
    const s = await buildVerifierSession(ctx, stranger.email);
    expect((await s.answer(stranger.id, id, "reached")).status).toBe(404);
    // ... nor with this owner's verifier id
    expect((await s.answer(anna.id, id, "reached")).status).toBe(404);
    // a removed verifier
    const b = await buildVerifierSession(ctx, ben.email);
    await owner.client.json("DELETE", `/api/verifiers/${ben.id}`);
    expect((await b.answer(ben.id, id, "reached")).status).toBe(404);
    // no session
    const anon = new TestClient(ctx);
    const res = await anon.post("/api/verifier/report/escalation", {
      session: "x".repeat(43),
      verifierId: anna.id,
      escalationId: id,
      answer: "reached",
    });
    expect(res.status).toBe(401);
    expect(
      (await anon.post("/api/verifier/report/escalation", { verifierId: anna.id })).status,
    ).toBe(400);
    expect((await plan(owner.client)).body.escalation?.status).toBe("open");
  });

  it("row-level security: the owner reads their escalation and answers; another user none; nobody writes", async () => {
    const { owner, people } = await escalated(1, 1);
    const anna = people[0];
    if (!anna) throw new Error("people");
    const a = await escalationIdOf(anna.email);
    expect((await a.s.answer(anna.id, a.id, "unreachable")).status).toBe(200);
    const stranger = await buildUser(ctx);
    const db = ctx.services.deps.db;
    const seen = (userId: string) =>
      withActor(db, { userId }, async (tx) => ({
        escalations: (await tx.select().from(escalations)).length,
        answers: (await tx.select().from(escalationAnswers)).length,
      }));
    expect(await seen(owner.id)).toEqual({ escalations: 1, answers: 1 });
    expect(await seen(stranger.id)).toEqual({ escalations: 0, answers: 0 });
    const now = new Date();
    const refusal = await withActor(db, { userId: owner.id }, (tx) =>
      tx.insert(escalations).values({ ownerId: owner.id, startedAt: now, endsAt: now }),
    ).then(
      () => "written",
      (err: unknown) => {
        const chain: string[] = [];
        for (let e: unknown = err; e instanceof Error; e = e.cause) chain.push(e.message);
        return chain.join(" <- ");
      },
    );
    expect(refusal).toMatch(/permission denied/);
  });

  it("the firm answers through an admin; staff and another firm's admin cannot", async () => {
    const firm = await buildFirm(ctx);
    const client = await buildInvitedMember(ctx, firm.admin, "regular_user", "Rita Client");
    await client.client.json("POST", "/api/verifiers", { kind: "firm" });
    await firm.admin.json("POST", `/api/clients/${client.id}/verifier`, { answer: "accept" });
    const saved = await client.client.json<ReleasePlanView>("PUT", "/api/release/plan", {
      inactivityMonths: 3,
      waitDays: 1,
    });
    const endsAt = new Date(saved.body.plan.inactivityEndsAt ?? "").getTime();
    await advance(ctx, clock, endsAt - clock.now().getTime() + 1000);
    const path = `/api/clients/${client.id}/report`;
    const seen = await firm.admin.json<FirmReportView>("GET", path);
    const escalationId = seen.body.escalation?.id ?? "";
    expect(seen.body.escalation).toMatchObject({ needed: 1, myAnswer: null });
    const other = await buildFirm(ctx);
    const staff = await buildInvitedMember(ctx, firm.admin, "firm_staff", "Sid Staff");
    const answer = { escalationId, answer: "reached" };
    const url = `/api/clients/${client.id}/escalation`;
    expect((await other.admin.json("POST", url, answer)).status).toBe(404);
    expect((await staff.client.json("POST", url, answer)).status).toBe(404);
    expect((await new TestClient(ctx).json("POST", url, answer)).status).toBe(401);
    const ok = await firm.admin.json<FirmReportView>("POST", url, answer);
    expect(ok.status).toBe(200);
    expect(ok.body.escalation).toBeNull();
    expect((await plan(client.client)).body.escalation?.status).toBe("reached");
  });
});

describe("a pause for travel or hospital", () => {
  it("holds the countdown until the day after the last day away, within the owner's limit", async () => {
    const owner = await buildUser(ctx, { name: "Paula Pause" });
    const day = (ms: number) => new Date(clock.now().getTime() + ms).toISOString().slice(0, 10);
    expect(
      (await owner.client.json("PUT", "/api/release/pause", { until: day(DAY_MS) })).status,
    ).toBe(409);
    await owner.client.json("PUT", "/api/release/plan", {
      inactivityMonths: 3,
      waitDays: 7,
      maxPauseDays: 30,
    });
    const tooLong = await owner.client.json("PUT", "/api/release/pause", {
      until: day(40 * DAY_MS),
    });
    expect(tooLong).toMatchObject({
      status: 400,
      body: { error: { message: RELEASE_MSG.pauseTooLong(30) } },
    });
    expect(
      (await owner.client.json("PUT", "/api/release/pause", { until: day(-DAY_MS) })).status,
    ).toBe(400);
    const paused = await owner.client.json<ReleasePlanView>("PUT", "/api/release/pause", {
      until: day(20 * DAY_MS),
    });
    expect(paused.status).toBe(200);
    const until = new Date(paused.body.plan.pausedUntil ?? "");
    expect(until.toISOString()).toBe(`${day(21 * DAY_MS)}T00:00:00.000Z`);
    const endsAt = new Date(paused.body.plan.inactivityEndsAt ?? "");
    expect(endsAt.getTime()).toBeGreaterThan(until.getTime() + 88 * DAY_MS);
    // no reminder while away
    await advance(ctx, clock, 25 * DAY_MS);
    expect(await subjects(owner.email)).not.toContainEqual(
      expect.stringContaining("Are you still"),
    );
    expect(await evidenceKinds(owner.id)).toContain("paused");
    // a pause can be ended early, once
    const again = await owner.client.json("PUT", "/api/release/pause", { until: day(5 * DAY_MS) });
    expect(again.status).toBe(200);
    expect((await owner.client.json("DELETE", "/api/release/pause")).status).toBe(200);
    expect((await owner.client.json("DELETE", "/api/release/pause")).status).toBe(409);
    expect((await new TestClient(ctx).json("DELETE", "/api/release/pause")).status).toBe(401);
  });

  it("is refused while a wait runs, with a plain message", async () => {
    const { owner } = await escalated(0, 1);
    expect((await plan(owner.client)).body.state).toBe("waiting");
    const day = new Date(clock.now().getTime() + 3 * DAY_MS).toISOString().slice(0, 10);
    expect(await owner.client.json("PUT", "/api/release/pause", { until: day })).toMatchObject({
      status: 409,
      body: { error: { message: RELEASE_MSG.pauseDuringWait } },
    });
  });
});
