import { createHash } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ActivityPage } from "../../common/activity.js";
import {
  VERIFIER_MSG,
  type VerifierInvitationView,
  type VerifiersView,
} from "../../common/verifiers.js";
import { buildFirm } from "../../test/factories/firm.js";
import { buildInvitedMember } from "../../test/factories/people.js";
import { DAY_MS, mailsTo } from "../../test/factories/release.js";
import { listOutbox } from "../mail/outbox.js";
import {
  TestClient,
  buildUser,
  createTestContext,
  lastMailTo,
  linkFromMail,
  uniqueEmail,
  type TestContext,
} from "../../test/harness.js";
import { createOffsetClock } from "../clock.js";
import { withActor } from "../db/actor.js";
import { auditLog, verifiers } from "../db/schema/index.js";
import { runVerifierChecks } from "./checks.js";
import { selectVerifiers } from "./queries.js";
import { expectRetryLater } from "../../test/rate-limit.js";

let ctx: TestContext;
const clock = createOffsetClock();
beforeAll(async () => {
  ctx = await createTestContext({}, { clock });
});
afterAll(() => ctx.close());

const list = (c: TestClient) => c.json<VerifiersView>("GET", "/api/verifiers");
const add = (c: TestClient, body: Record<string, unknown>) =>
  c.json<VerifiersView>("POST", "/api/verifiers", body);
/** Within the last 10 seconds of the test clock (it moves with real time). */
const isJustNow = (iso: string | null | undefined) =>
  !!iso && Math.abs(clock.now().getTime() - new Date(iso).getTime()) < 10_000;
const sha256 = (s: string) => createHash("sha256").update(s).digest("hex");

/** The token of the newest /verifier/<kind> link mailed to `to`. */
async function linkToken(to: string, kind: "invite" | "check") {
  return (await linkFromMail(ctx, to, `/verifier/${kind}`)).searchParams.get("token") ?? "";
}
async function mailedCode(to: string) {
  const mail = await lastMailTo(ctx, to);
  const code = mail.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code mailed to ${to}`);
  return code;
}

/** An owner who named one person; that person's invitation token. */
async function ownerWithInvited(name = "Vera Verifier") {
  const owner = await buildUser(ctx, { name: "Olive Owner" });
  const email = uniqueEmail("verifier");
  const added = await add(owner.client, { kind: "person", name, email });
  if (added.status !== 201) throw new Error(`add -> ${added.status}`);
  const id = added.body.verifiers.find((v) => v.email === email)?.id ?? "";
  return { owner, email, id, token: await linkToken(email, "invite") };
}

/** The person answers with the e-mailed code, from their own browser (no account). */
async function answer(token: string, email: string, choice: "accept" | "decline") {
  const browser = new TestClient(ctx);
  expect((await browser.post("/api/verifier/code", { token })).status).toBe(200);
  const code = await mailedCode(email);
  return browser.post("/api/verifier/answer", { token, code, answer: choice });
}

describe("an owner's verifiers", () => {
  it("invites a person by e-mail, who accepts with the link and an e-mailed code; the owner sees it", async () => {
    const { owner, email, id, token } = await ownerWithInvited();
    const before = (await list(owner.client)).body;
    expect(before).toMatchObject({ threshold: 1, acceptedCount: 0, eligibleCount: 1, max: 5 });
    expect(before.verifiers[0]).toMatchObject({ id, status: "invited", lastAnsweredAt: null });

    const browser = new TestClient(ctx);
    const opened = await browser.json<VerifierInvitationView>("POST", "/api/verifier/invitation", {
      token,
    });
    expect(opened.status).toBe(200);
    // the owner's name and the person's own state only: no key, no title, no other verifier
    expect(opened.body).toEqual({
      ownerName: "Olive Owner",
      verifierName: "Vera Verifier",
      emailHint: `v•••@${email.split("@")[1]}`,
      status: "invited",
    });
    expect((await browser.post("/api/verifier/code", { token })).status).toBe(200);
    const code = await mailedCode(email);
    const wrong = code === "000000" ? "111111" : "000000";
    const refused = await browser.json("POST", "/api/verifier/answer", {
      token,
      code: wrong,
      answer: "accept",
    });
    expect(refused).toMatchObject({
      status: 400,
      body: { error: { message: VERIFIER_MSG.codeInvalid } },
    });
    const ok = await browser.post("/api/verifier/answer", { token, code, answer: "accept" });
    expect(ok.status).toBe(200);

    const after = (await list(owner.client)).body;
    expect(after.acceptedCount).toBe(1);
    expect(after.verifiers[0]).toMatchObject({ status: "accepted" });
    expect(isJustNow(after.verifiers[0]?.lastAnsweredAt)).toBe(true);
    // the link is used up
    expect((await browser.post("/api/verifier/invitation", { token })).status).toBe(404);
    expect(
      (await browser.post("/api/verifier/answer", { token, code, answer: "decline" })).status,
    ).toBe(404);
  });

  it("stores links and codes as hashes only, and audits each step without them", async () => {
    const { owner, email, id, token } = await ownerWithInvited();
    const browser = new TestClient(ctx);
    await browser.post("/api/verifier/code", { token });
    const code = await mailedCode(email);
    const [row] = await ctx.services.deps.db.select().from(verifiers).where(eq(verifiers.id, id));
    expect(row?.inviteTokenHash).toBe(sha256(token));
    expect(JSON.stringify(row)).not.toContain(token);
    expect(JSON.stringify(row)).not.toContain(`"${code}"`);
    await browser.post("/api/verifier/answer", { token, code: "999999", answer: "accept" });
    await browser.post("/api/verifier/answer", { token, code, answer: "accept" });
    const audit = await ctx.services.deps.db
      .select({ action: auditLog.action, details: auditLog.details })
      .from(auditLog)
      .where(eq(auditLog.subjectId, id));
    const actions = audit.map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(["verifier.invited", "verifier.accepted"]));
    if (code !== "999999") expect(actions).toContain("verifier.code_failed");
    const dump = JSON.stringify(audit);
    expect(dump).not.toContain(token);
    expect(dump).not.toContain(`"${code}"`);
    expect((await list(owner.client)).body.acceptedCount).toBe(1);
  });

  it("puts each step on the owner's activity timeline, without the verifier's address", async () => {
    const { owner, email, token } = await ownerWithInvited();
    await answer(token, email, "accept");
    await owner.client.json("PUT", "/api/verifiers/threshold", { threshold: 1 });
    const page = await owner.client.json<ActivityPage>("GET", "/api/activity?type=release");
    expect(page.body.events.map((e) => e.text)).toEqual([
      "You chose that 1 verifier(s) must confirm",
      "A verifier accepted",
      "You invited a verifier",
    ]);
    expect(JSON.stringify(page.body)).not.toContain(email);
  });

  it("refuses a sixth verifier, the same address twice, the owner's own address and bad input", async () => {
    const owner = await buildUser(ctx);
    const email = uniqueEmail("v");
    expect((await add(owner.client, { kind: "person", name: "A", email })).status).toBe(201);
    expect(
      await add(owner.client, { kind: "person", name: "A again", email: email.toUpperCase() }),
    ).toMatchObject({ status: 409, body: { error: { message: VERIFIER_MSG.alreadyNamed } } });
    expect(
      await add(owner.client, { kind: "person", name: "Me", email: owner.email }),
    ).toMatchObject({ status: 400, body: { error: { message: VERIFIER_MSG.notYourself } } });
    expect(
      (await add(owner.client, { kind: "person", name: " ", email: uniqueEmail() })).status,
    ).toBe(400);
    expect((await add(owner.client, { kind: "person", name: "X", email: "nope" })).status).toBe(
      400,
    );
    expect((await add(owner.client, { kind: "firm" })).body).toMatchObject({
      error: { message: VERIFIER_MSG.noFirm },
    });
    for (let i = 0; i < 4; i++)
      expect(
        (await add(owner.client, { kind: "person", name: `P${i}`, email: uniqueEmail() })).status,
      ).toBe(201);
    expect(
      await add(owner.client, { kind: "person", name: "Six", email: uniqueEmail() }),
    ).toMatchObject({ status: 400, body: { error: { message: VERIFIER_MSG.tooMany } } });
    expect((await list(owner.client)).body.verifiers).toHaveLength(5);
  });

  it("keeps k between 1 and the verifiers who have not declined, lowering it on removal or decline", async () => {
    const { owner, email, token } = await ownerWithInvited();
    expect(
      (await owner.client.json("PUT", "/api/verifiers/threshold", { threshold: 2 })).body,
    ).toMatchObject({ error: { message: VERIFIER_MSG.thresholdTooHigh } });
    const second = uniqueEmail("v2");
    const third = uniqueEmail("v3");
    await add(owner.client, { kind: "person", name: "Two", email: second });
    const three = await add(owner.client, { kind: "person", name: "Three", email: third });
    expect(three.body.threshold).toBe(1); // adding leaves k alone
    const set = await owner.client.json<VerifiersView>("PUT", "/api/verifiers/threshold", {
      threshold: 3,
    });
    expect(set.body).toMatchObject({ threshold: 3, eligibleCount: 3 });
    expect(
      (await owner.client.json("PUT", "/api/verifiers/threshold", { threshold: 0 })).status,
    ).toBe(400);

    // the first declines: k 3 -> 2
    expect((await answer(token, email, "decline")).status).toBe(200);
    expect((await list(owner.client)).body).toMatchObject({ threshold: 2, eligibleCount: 2 });
    // a removal: k 2 -> 1
    const id3 = three.body.verifiers.find((v) => v.email === third)?.id ?? "";
    const removed = await owner.client.json<VerifiersView>("DELETE", `/api/verifiers/${id3}`);
    expect(removed.body).toMatchObject({ threshold: 1, eligibleCount: 1 });
    // re-inviting the one who declined counts them again; k stays
    const id1 = removed.body.verifiers.find((v) => v.email === email)?.id ?? "";
    const resent = await owner.client.json<VerifiersView>("POST", `/api/verifiers/${id1}/resend`);
    expect(resent.body).toMatchObject({ threshold: 1, eligibleCount: 2 });
    expect(resent.body.verifiers.find((v) => v.id === id1)?.status).toBe("invited");
    // everyone removed: no k
    for (const v of resent.body.verifiers)
      await owner.client.json("DELETE", `/api/verifiers/${v.id}`);
    expect((await list(owner.client)).body).toMatchObject({ threshold: null, verifiers: [] });
    expect(
      (await owner.client.json("PUT", "/api/verifiers/threshold", { threshold: 1 })).body,
    ).toMatchObject({ error: { message: VERIFIER_MSG.thresholdNoVerifiers } });
  });

  it("the owner's firm is a verifier as a whole: its admins are told and answer for it, staff cannot", async () => {
    const firm = await buildFirm(ctx);
    const client = await buildInvitedMember(ctx, firm.admin, "regular_user", "Rita Client");
    const staff = await buildInvitedMember(ctx, firm.admin, "firm_staff");
    const added = await add(client.client, { kind: "firm" });
    expect(added.status).toBe(201);
    expect(added.body.verifiers[0]).toMatchObject({
      kind: "firm",
      name: firm.firmName,
      status: "invited",
      isFormerFirm: false,
    });
    expect(added.body.canAddFirm).toBe(false);
    expect((await add(client.client, { kind: "firm" })).status).toBe(409);
    expect((await lastMailTo(ctx, firm.adminEmail)).subject).toBe(
      "Rita Client asks your firm to be a verifier",
    );
    const path = `/api/clients/${client.id}/verifier`;
    expect((await firm.admin.json("GET", path)).body).toMatchObject({
      verifier: { status: "invited" },
    });
    expect((await staff.client.json("GET", path)).status).toBe(404);
    expect((await staff.client.json("POST", path, { answer: "accept" })).status).toBe(404);
    expect((await firm.admin.json("POST", path, { answer: "accept" })).body).toMatchObject({
      verifier: { status: "accepted" },
    });
    expect((await firm.admin.json("POST", path, { answer: "decline" })).status).toBe(409);
    expect((await list(client.client)).body).toMatchObject({ acceptedCount: 1, threshold: 1 });
  });
});

describe("someone else cannot", () => {
  it("another owner cannot see, remove or re-invite my verifier, and anyone signed out gets 401", async () => {
    const { owner, id } = await ownerWithInvited();
    const other = await buildUser(ctx);
    expect((await list(other.client)).body.verifiers).toEqual([]);
    expect((await other.client.json("DELETE", `/api/verifiers/${id}`)).status).toBe(404);
    expect((await other.client.json("POST", `/api/verifiers/${id}/resend`)).status).toBe(404);
    // a made-up id answers the same
    const missing = "00000000-0000-4000-8000-000000000000";
    expect((await other.client.json("DELETE", `/api/verifiers/${missing}`)).status).toBe(404);
    expect((await owner.client.json("DELETE", `/api/verifiers/not-an-id`)).status).toBe(404);
    expect((await list(owner.client)).body.verifiers).toHaveLength(1);
    const anonymous = new TestClient(ctx);
    expect((await anonymous.json("GET", "/api/verifiers")).status).toBe(401);
    expect((await anonymous.json("POST", "/api/verifiers", { kind: "firm" })).status).toBe(401);
    expect((await anonymous.json("DELETE", `/api/verifiers/${id}`)).status).toBe(401);
  });

  it("a verifier of another plan cannot answer with their code for this one", async () => {
    const a = await ownerWithInvited();
    const b = await ownerWithInvited();
    const browser = new TestClient(ctx);
    await browser.post("/api/verifier/code", { token: b.token });
    const codeB = await mailedCode(b.email);
    await browser.post("/api/verifier/code", { token: a.token });
    const codeA = await mailedCode(a.email);
    if (codeA !== codeB) {
      const crossed = await browser.post("/api/verifier/answer", {
        token: a.token,
        code: codeB,
        answer: "accept",
      });
      expect(crossed.status).toBe(400);
    }
    expect((await list(a.owner.client)).body.acceptedCount).toBe(0);
  });

  it("a removed verifier's links and codes find nothing", async () => {
    const { owner, email, id, token } = await ownerWithInvited();
    const browser = new TestClient(ctx);
    await browser.post("/api/verifier/code", { token });
    const code = await mailedCode(email);
    await owner.client.json("DELETE", `/api/verifiers/${id}`);
    expect((await browser.post("/api/verifier/invitation", { token })).status).toBe(404);
    expect((await browser.post("/api/verifier/code", { token })).status).toBe(404);
    expect(
      (await browser.post("/api/verifier/answer", { token, code, answer: "accept" })).status,
    ).toBe(404);
  });

  it("a removed verifier's yearly check link finds nothing", async () => {
    const { owner, email, id, token } = await ownerWithInvited();
    await answer(token, email, "accept");
    clock.advance(366 * DAY_MS);
    await runVerifierChecks(ctx.services.deps);
    const check = await linkToken(email, "check");
    await owner.client.json("DELETE", `/api/verifiers/${id}`);
    expect((await new TestClient(ctx).post("/api/verifier/check", { token: check })).status).toBe(
      404,
    );
  });

  it("an admin or staff member of another firm, and anyone not an admin, cannot see or answer for the firm", async () => {
    const firm = await buildFirm(ctx);
    const client = await buildInvitedMember(ctx, firm.admin, "regular_user");
    await add(client.client, { kind: "firm" });
    const other = await buildFirm(ctx);
    const path = `/api/clients/${client.id}/verifier`;
    expect((await other.admin.json("GET", path)).status).toBe(404);
    expect((await other.admin.json("POST", path, { answer: "accept" })).status).toBe(404);
    const otherStaff = await buildInvitedMember(ctx, other.admin, "firm_staff");
    expect((await otherStaff.client.json("GET", path)).status).toBe(404);
    expect((await otherStaff.client.json("POST", path, { answer: "accept" })).status).toBe(404);
    const stranger = await buildUser(ctx);
    expect((await stranger.client.json("GET", path)).status).toBe(404);
    expect((await list(client.client)).body.verifiers[0]?.status).toBe("invited");
    // RLS below the API: another user reads no verifier row, and nobody reads a hash column
    const db = ctx.services.deps.db;
    expect(
      await withActor(db, { userId: stranger.id }, (tx) => selectVerifiers(tx, client.id)),
    ).toEqual([]);
    expect(
      await withActor(db, { userId: other.adminId }, (tx) => selectVerifiers(tx, client.id)),
    ).toEqual([]);
    await expect(
      withActor(db, { userId: client.id }, (tx) =>
        tx.execute(sql`select invite_token_hash from verifiers`),
      ),
    ).rejects.toThrow();
  });
});

describe("limits", () => {
  it("sends at most 3 codes per verifier in 10 minutes, whatever the address", async () => {
    const { token } = await ownerWithInvited();
    for (let i = 0; i < 3; i++)
      expect((await new TestClient(ctx).post("/api/verifier/code", { token })).status).toBe(200);
    const fourth = await new TestClient(ctx).post("/api/verifier/code", { token });
    expectRetryLater(fourth);
  });

  it("locks a code after 5 wrong tries", async () => {
    const { email, token } = await ownerWithInvited();
    const browser = new TestClient(ctx);
    await browser.post("/api/verifier/code", { token });
    const code = await mailedCode(email);
    const wrong = code === "123456" ? "654321" : "123456";
    for (let i = 0; i < 5; i++)
      await browser.post("/api/verifier/answer", { token, code: wrong, answer: "accept" });
    expect(
      await browser.json("POST", "/api/verifier/answer", { token, code, answer: "accept" }),
    ).toMatchObject({ status: 400, body: { error: { message: VERIFIER_MSG.codeTooManyTries } } });
  });

  it("limits the public routes per address", async () => {
    const browser = new TestClient(ctx);
    const token = "x".repeat(43);
    for (let i = 0; i < 20; i++)
      expect((await browser.post("/api/verifier/check", { token })).status).toBe(404);
    const over = await browser.post("/api/verifier/check", { token });
    expectRetryLater(over);
    for (let i = 0; i < 20; i++)
      await browser.post("/api/verifier/answer", { token, code: "123456", answer: "accept" });
    expect(
      (await browser.post("/api/verifier/answer", { token, code: "123456", answer: "accept" }))
        .status,
    ).toBe(429);
  });
});

describe("the yearly check", () => {
  it("e-mails each accepted verifier once a year; one click records the answer; the sweep claims each once", async () => {
    const { owner, email, token } = await ownerWithInvited();
    const invited = await ownerWithInvited(); // never accepts: never checked
    await answer(token, email, "accept");
    // drain whatever else is due (other tests' verifiers), so that this test counts its own only
    clock.advance(DAY_MS);
    await runVerifierChecks(ctx.services.deps);
    const mailed = async () =>
      (await mailsTo(ctx, email)).filter((m) => m.subject.startsWith("Can we still reach you"));
    expect(await mailed()).toHaveLength(0);

    clock.advance(365 * DAY_MS);
    const sweeps = await Promise.all([
      runVerifierChecks(ctx.services.deps),
      runVerifierChecks(ctx.services.deps),
    ]);
    expect(sweeps.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
    expect(await mailed()).toHaveLength(1);
    expect((await mailsTo(ctx, invited.email)).map((m) => m.subject)).not.toContain(
      expect.stringContaining("Can we still reach you"),
    );
    expect(await runVerifierChecks(ctx.services.deps)).toBe(0);

    clock.advance(3 * DAY_MS);
    const check = await linkToken(email, "check");
    const browser = new TestClient(ctx);
    expect((await browser.post("/api/verifier/check", { token: check })).status).toBe(200);
    expect(isJustNow((await list(owner.client)).body.verifiers[0]?.lastAnsweredAt)).toBe(true);
    expect((await browser.post("/api/verifier/check", { token: check })).status).toBe(404);
  });

  it("asks the firm's admins while the owner is its client; a firm the owner left stops being a verifier", async () => {
    const firm = await buildFirm(ctx);
    const client = await buildInvitedMember(ctx, firm.admin, "regular_user", "Rita Client");
    await add(client.client, { kind: "firm" });
    const path = `/api/clients/${client.id}/verifier`;
    await firm.admin.json("POST", path, { answer: "accept" });
    const checks = async () =>
      (await mailsTo(ctx, firm.adminEmail)).filter((m) =>
        m.subject.startsWith("Can we still reach you"),
      );
    clock.advance(366 * DAY_MS);
    await runVerifierChecks(ctx.services.deps);
    expect(await checks()).toHaveLength(1);
    const check = await linkToken(firm.adminEmail, "check");

    // the owner leaves the firm: it is no longer their verifier (k goes with it); its link and
    // its admins answer nothing
    expect((await client.client.post("/api/firm/leave")).status).toBe(200);
    expect((await list(client.client)).body).toMatchObject({ verifiers: [], threshold: null });
    expect((await new TestClient(ctx).post("/api/verifier/check", { token: check })).status).toBe(
      404,
    );
    expect((await firm.admin.json("GET", path)).status).toBe(404);
    clock.advance(366 * DAY_MS);
    await runVerifierChecks(ctx.services.deps);
    expect(await checks()).toHaveLength(1);
  });
});

describe("e-mails that carry a link or a code", () => {
  it("carry their expiry, so the outbox erases them after delivery (as the portal's)", async () => {
    const { email, token } = await ownerWithInvited();
    await new TestClient(ctx).post("/api/verifier/code", { token });
    const rows = (await listOutbox(ctx.services.deps.db, 1000)).filter((m) => m.to === email);
    const invite = rows.find((m) => m.template === "verifier-invite");
    const code = rows.find((m) => m.template === "verifier-code");
    const now = clock.now().getTime();
    expect(invite?.expiresAt?.getTime()).toBeGreaterThan(now + 6 * DAY_MS);
    expect(invite?.expiresAt?.getTime()).toBeLessThanOrEqual(now + 7 * DAY_MS);
    expect(code?.expiresAt?.getTime()).toBeGreaterThan(now + 9 * 60_000);
    expect(code?.expiresAt?.getTime()).toBeLessThanOrEqual(now + 10 * 60_000);
  });
});
