import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ReleasePlanView } from "../../common/release.js";
import {
  REPORT_MSG,
  type FirmReportView,
  type OwnReportView,
  type ReportDeskView,
} from "../../common/verifier-reports.js";
import type { VerifiersView } from "../../common/verifiers.js";
import type { IncapacityView } from "../../common/incapacity.js";
import { buildFirm } from "../../test/factories/firm.js";
import { buildInvitedMember } from "../../test/factories/people.js";
import { mailsTo } from "../../test/factories/release.js";
import {
  GOOD_PASSWORD,
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
import { auditLog, releaseEvidence, verifierReports, verifierSignIns } from "../db/schema/index.js";
import { RATE_LIMIT_RULES } from "../rate-limit/rules.js";
import { eq } from "drizzle-orm";
import { expectRetryLater } from "../../test/rate-limit.js";

let ctx: TestContext;
const clock = createOffsetClock();
beforeAll(async () => {
  ctx = await createTestContext({}, { clock });
});
afterAll(() => ctx.close());

async function mailedCode(to: string) {
  const code = (await lastMailTo(ctx, to)).text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code mailed to ${to}`);
  return code;
}

/** A person verifier, accepted, through item 1's invitation link and code. */
async function acceptedPerson(owner: TestClient, name: string) {
  const email = uniqueEmail("verifier");
  const added = await owner.json<VerifiersView>("POST", "/api/verifiers", {
    kind: "person",
    name,
    email,
  });
  if (added.status !== 201) throw new Error(`add -> ${added.status}`);
  const token =
    (await linkFromMail(ctx, email, "/verifier/invite")).searchParams.get("token") ?? "";
  const browser = new TestClient(ctx);
  await browser.post("/api/verifier/code", { token });
  const code = await mailedCode(email);
  const ok = await browser.post("/api/verifier/answer", { token, code, answer: "accept" });
  if (ok.status !== 200) throw new Error(`accept -> ${ok.status}`);
  const id = added.body.verifiers.find((v) => v.email === email)?.id ?? "";
  return { email, name, id };
}

/** A person on /verifier/report: the address, the e-mailed code, then a session. */
async function verifierSession(email: string) {
  const browser = new TestClient(ctx);
  expect((await browser.post("/api/verifier/report/code", { email })).status).toBe(200);
  const code = await mailedCode(email);
  const signed = await browser.json<{ session: string }>("POST", "/api/verifier/report/sign-in", {
    email,
    code,
  });
  expect(signed.status).toBe(200);
  const session = signed.body.session;
  return {
    browser,
    session,
    desk: () => browser.json<ReportDeskView>("POST", "/api/verifier/report/desk", { session }),
    make: (verifierId: string, note?: string) =>
      browser.post("/api/verifier/report/make", { session, verifierId, kind: "death", note }),
    act: (action: "confirm" | "heard", verifierId: string, reportId: string) =>
      browser.post(`/api/verifier/report/${action}`, { session, verifierId, reportId }),
  };
}

/** An owner with `n` accepted person verifiers and threshold k. */
async function ownerWithVerifiers(n: number, k: number) {
  const owner = await buildUser(ctx, { name: "Olive Owner" });
  const people = [];
  for (const name of ["Anna Smith", "Ben Jones", "Cleo Park"].slice(0, n))
    people.push(await acceptedPerson(owner.client, name));
  if (k > 1)
    expect(
      (await owner.client.json("PUT", "/api/verifiers/threshold", { threshold: k })).status,
    ).toBe(200);
  return { owner, people };
}

const ownReport = (c: TestClient) => c.json<OwnReportView>("GET", "/api/reports");
const plan = (c: TestClient) => c.json<ReleasePlanView>("GET", "/api/release");

describe("a report by a verifier", () => {
  it("k = 2: one report waits; the second verifier's confirmation starts the wait", async () => {
    const { owner, people } = await ownerWithVerifiers(3, 2);
    const [anna, ben, cleo] = people;
    if (!anna || !ben || !cleo) throw new Error("people");
    const a = await verifierSession(anna.email);
    const desk = (await a.desk()).body;
    expect(desk.roles).toEqual([
      {
        verifierId: anna.id,
        ownerName: "Olive Owner",
        report: null,
        hasConfirmed: false,
        escalation: null,
      },
    ]);
    expect((await a.make(anna.id, "At St Mary's, 1 Dec")).status).toBe(200);

    // the owner is told at once, with a one-click "I'm fine"; the others are asked to confirm
    const ownerMail = await lastMailTo(ctx, owner.email);
    expect(ownerMail.subject).toBe("Someone reported to Legacy Vault that you have died");
    expect(ownerMail.text).toContain("/release/fine?token=");
    expect((await lastMailTo(ctx, ben.email)).subject).toBe(
      "Please confirm: Olive Owner has died?",
    );
    const seen = (await ownReport(owner.client)).body.report;
    expect(seen).toMatchObject({
      kind: "death",
      reporterName: "Anna Smith",
      status: "open",
      note: "At St Mary's, 1 Dec",
      threshold: 2,
      confirmations: [{ name: "Anna Smith" }],
    });
    expect((await plan(owner.client)).body.state).not.toBe("waiting");
    // one verifier alone never releases: the reporter cannot confirm twice, nor report again
    const reportId = seen?.id ?? "";
    expect((await a.act("confirm", anna.id, reportId)).status).toBe(409);
    expect((await a.make(anna.id)).status).toBe(409);

    const b = await verifierSession(ben.email);
    const bDesk = (await b.desk()).body.roles[0];
    expect(bDesk?.report).toMatchObject({ id: reportId, reporterName: "Anna Smith" });
    expect(JSON.stringify(bDesk)).not.toContain(anna.email);
    expect((await b.act("confirm", ben.id, reportId)).status).toBe(200);

    const after = (await ownReport(owner.client)).body.report;
    expect(after).toMatchObject({ status: "confirmed", confirmations: [{}, {}] });
    expect(after?.releaseAt).toBeTruthy();
    const p = (await plan(owner.client)).body;
    expect(p.state).toBe("waiting");
    expect(p.release?.trigger).toBe("verifiers");
    // evidence: made, confirmed, then the wait
    const kinds = await ctx.services.deps.db
      .select({ kind: releaseEvidence.kind })
      .from(releaseEvidence)
      .where(eq(releaseEvidence.ownerId, owner.id));
    expect(kinds.map((k) => k.kind)).toEqual(
      expect.arrayContaining(["report_made", "report_confirmed", "release_started"]),
    );
    // the third cannot confirm a closed report
    const c = await verifierSession(cleo.email);
    expect((await c.act("confirm", cleo.id, reportId)).status).toBe(409);

    // the owner's veto of the wait closes the report too, and the verifiers are told
    expect((await owner.client.json("POST", "/api/release/cancel")).status).toBe(200);
    expect((await ownReport(owner.client)).body.report?.status).toBe("stopped");
    for (const to of [anna.email, ben.email, cleo.email])
      expect((await lastMailTo(ctx, to)).subject).toBe("The report about Olive Owner was stopped");
  });

  it("k = 1: the report alone starts the wait", async () => {
    const { owner, people } = await ownerWithVerifiers(1, 1);
    const anna = people[0];
    if (!anna) throw new Error("anna");
    const a = await verifierSession(anna.email);
    expect((await a.make(anna.id)).status).toBe(200);
    expect((await plan(owner.client)).body.state).toBe("waiting");
    expect((await ownReport(owner.client)).body.report?.status).toBe("confirmed");
  });

  it("the owner's sign-in stops an open report, and everyone who was told is told", async () => {
    const { owner, people } = await ownerWithVerifiers(2, 2);
    const [anna, ben] = people;
    if (!anna || !ben) throw new Error("people");
    expect((await (await verifierSession(anna.email)).make(anna.id)).status).toBe(200);
    const again = new TestClient(ctx);
    const signed = await again.json("POST", "/api/auth/sign-in/email", {
      email: owner.email,
      password: GOOD_PASSWORD,
    });
    expect(signed.status).toBe(200);
    expect((await ownReport(owner.client)).body.report).toMatchObject({
      status: "stopped",
      stoppedVia: "sign_in",
    });
    for (const to of [owner.email, anna.email, ben.email])
      expect((await lastMailTo(ctx, to)).text).toContain("signed in");
    expect((await plan(owner.client)).body.state).not.toBe("waiting");
  });

  it("the owner's one-click \"I'm fine\" stops it, once; the signed-in button too", async () => {
    const { owner, people } = await ownerWithVerifiers(2, 2);
    const [anna, ben] = people;
    if (!anna || !ben) throw new Error("people");
    const a = await verifierSession(anna.email);
    expect((await a.make(anna.id)).status).toBe(200);
    const token =
      (await linkFromMail(ctx, owner.email, "/release/fine")).searchParams.get("token") ?? "";
    const anyone = new TestClient(ctx);
    expect((await anyone.post("/api/reports/fine-link", { token })).status).toBe(200);
    expect((await anyone.post("/api/reports/fine-link", { token })).status).toBe(404);
    expect((await ownReport(owner.client)).body.report?.stoppedVia).toBe("fine_link");
    expect((await lastMailTo(ctx, ben.email)).subject).toBe(
      "The report about Olive Owner was stopped",
    );
    // a new report, stopped by the signed-in owner's button
    expect((await a.make(anna.id)).status).toBe(200);
    const fine = await owner.client.json<OwnReportView>("POST", "/api/reports/fine");
    expect(fine.body.report).toMatchObject({ status: "stopped", stoppedVia: "fine" });
    expect((await owner.client.json("POST", "/api/reports/fine")).status).toBe(409);
  });

  it('a verifier\'s "I have heard from them" stops it', async () => {
    const { owner, people } = await ownerWithVerifiers(2, 2);
    const [anna, ben] = people;
    if (!anna || !ben) throw new Error("people");
    expect((await (await verifierSession(anna.email)).make(anna.id)).status).toBe(200);
    const reportId = (await ownReport(owner.client)).body.report?.id ?? "";
    const b = await verifierSession(ben.email);
    expect((await b.act("heard", ben.id, reportId)).status).toBe(200);
    expect((await ownReport(owner.client)).body.report).toMatchObject({
      status: "stopped",
      stoppedVia: "heard",
    });
    expect((await lastMailTo(ctx, owner.email)).text).toContain("Ben Jones has heard from you");
    expect((await lastMailTo(ctx, anna.email)).text).toContain("Ben Jones has heard from them");
  });

  it("the code page answers a stranger's address exactly as a verifier's, with the same work", async () => {
    const { people } = await ownerWithVerifiers(1, 1);
    const anna = people[0]?.email ?? "";
    const stranger = uniqueEmail("nobody");
    const ask = async (email: string) => {
      const res = await new TestClient(ctx).post("/api/verifier/report/code", { email });
      const headers = Object.fromEntries(
        [...res.headers].filter(([name]) => !["date", "x-request-id"].includes(name)),
      );
      return { status: res.status, body: await res.text(), headers };
    };
    const annasMails = (await mailsTo(ctx, anna)).length;
    const [toAnna, toStranger] = [await ask(anna), await ask(stranger)];
    expect(toStranger).toEqual(toAnna);
    expect(toAnna).toMatchObject({ status: 200, body: JSON.stringify({ ok: true }) });
    // the same work (decision 082): each address gets its sign-in row; only the verifier a mail
    const rowsOf = (email: string) =>
      ctx.services.deps.db
        .select({ id: verifierSignIns.id })
        .from(verifierSignIns)
        .where(eq(verifierSignIns.email, email));
    expect((await rowsOf(stranger)).length).toBe(1);
    expect((await rowsOf(anna)).length).toBe(1);
    expect(await mailsTo(ctx, stranger)).toEqual([]);
    expect(await mailsTo(ctx, anna)).toHaveLength(annasMails + 1);
    // and the sign-in answers their wrong codes alike, up to the locked code
    const code = await mailedCode(anna);
    const wrong = code === "123456" ? "654321" : "123456";
    const tryWrong = async (email: string) => {
      const res = await new TestClient(ctx).json<{ error: { requestId?: string } }>(
        "POST",
        "/api/verifier/report/sign-in",
        { email, code: wrong },
      );
      return { status: res.status, error: { ...res.body.error, requestId: undefined } };
    };
    for (let i = 0; i < 6; i++) {
      const [byAnna, byStranger] = [await tryWrong(anna), await tryWrong(stranger)];
      expect(byStranger).toEqual(byAnna);
      expect(byAnna.status).toBe(400);
    }
    expect((await tryWrong(stranger)).error).toMatchObject({
      message: REPORT_MSG.codeTooManyTries,
    });
    // a made-up session opens nothing
    const desk = await new TestClient(ctx).post("/api/verifier/report/desk", {
      session: "x".repeat(43),
    });
    expect(desk.status).toBe(401);
    const failed = await ctx.services.deps.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.action, "verifier_report.code_failed"));
    expect(failed.length).toBeGreaterThan(0);
  });
});

describe("limits (decision 082)", () => {
  it("at most 3 codes per address in 10 minutes, whatever the IP", async () => {
    const email = uniqueEmail("nobody");
    for (let i = 0; i < 3; i++)
      expect((await new TestClient(ctx).post("/api/verifier/report/code", { email })).status).toBe(
        200,
      );
    const fourth = await new TestClient(ctx).post("/api/verifier/report/code", { email });
    expectRetryLater(fourth);
  });

  it("at most 10 sign-in tries per address in 10 minutes, whatever the IP", async () => {
    const email = uniqueEmail("nobody");
    const tryCode = () =>
      new TestClient(ctx).post("/api/verifier/report/sign-in", { email, code: "123456" });
    for (let i = 0; i < 10; i++) expect((await tryCode()).status).toBe(400);
    expect((await tryCode()).status).toBe(429);
  });

  it("20 actions an hour per report, whoever acts and from wherever", async () => {
    const { people } = await ownerWithVerifiers(3, 3);
    const [anna, ben, cleo] = people;
    if (!anna || !ben || !cleo) throw new Error("people");
    const a = await verifierSession(anna.email);
    expect((await a.make(anna.id)).status).toBe(200);
    const reportId = (await a.desk()).body.roles[0]?.report?.id ?? "";
    const b = await verifierSession(ben.email);
    // 10 each (under the per-IP and per-address limits): refused as already confirmed, but counted
    for (const [v, id] of [
      [a, anna.id],
      [b, ben.id],
    ] as const)
      for (let i = 0; i < 10; i++)
        expect((await v.act("confirm", id, reportId)).status).not.toBe(429);
    const c = await verifierSession(cleo.email);
    expect((await c.act("confirm", cleo.id, reportId)).status).toBe(429);
  });

  it("20 actions an hour per verifier address, across reports and routes", async () => {
    const { people } = await ownerWithVerifiers(2, 2);
    const [anna, ben] = people;
    if (!anna || !ben) throw new Error("people");
    const a = await verifierSession(anna.email);
    expect((await a.make(anna.id)).status).toBe(200);
    const reportId = (await a.desk()).body.roles[0]?.report?.id ?? "";
    // 9 more reports (refused: one is open) and 10 confirmations (refused: already confirmed)
    for (let i = 0; i < 9; i++) expect((await a.make(anna.id)).status).toBe(409);
    for (let i = 0; i < 10; i++)
      expect((await a.act("confirm", anna.id, reportId)).status).toBe(409);
    // the 21st, on another route (its own per-IP counter) and the report's 11th: the address's limit
    expect((await a.act("heard", anna.id, reportId)).status).toBe(429);
    const b = await verifierSession(ben.email);
    expect((await b.act("heard", ben.id, reportId)).status).toBe(200);
  });

  it("every public route is limited per IP", async () => {
    const routes = RATE_LIMIT_RULES.filter((r) => r.path.startsWith("/api/verifier/report/"));
    expect(routes.map((r) => r.path)).toContain("/api/verifier/report/code");
    for (const rule of routes) {
      const browser = new TestClient(ctx);
      const max = rule.perIp?.max ?? 0;
      for (let i = 0; i < max; i++)
        expect((await browser.post(rule.path, {})).status, rule.path).not.toBe(429);
      expect((await browser.post(rule.path, {})).status, rule.path).toBe(429);
    }
  });
});

describe("the firm as a verifier", () => {
  async function firmClient(k: number) {
    const firm = await buildFirm(ctx);
    const client = await buildInvitedMember(ctx, firm.admin, "regular_user", "Rita Client");
    await client.client.json("POST", "/api/verifiers", { kind: "firm" });
    await firm.admin.json("POST", `/api/clients/${client.id}/verifier`, { answer: "accept" });
    const anna = await acceptedPerson(client.client, "Anna Smith");
    if (k > 1) await client.client.json("PUT", "/api/verifiers/threshold", { threshold: k });
    return { firm, client, anna };
  }

  it("with k = 2, the firm's attestation is refused; its admin reports and a person confirms", async () => {
    const { firm, client, anna } = await firmClient(2);
    const attest = await firm.admin.json("POST", `/api/clients/${client.id}/release`, {
      attesterName: "Ada Admin",
      eventDate: "2026-11-01",
    });
    expect(attest).toMatchObject({
      status: 409,
      body: { error: { message: REPORT_MSG.attestNeedsReport } },
    });
    const path = `/api/clients/${client.id}/report`;
    const made = await firm.admin.json<FirmReportView>("POST", path, { kind: "incapacity" });
    expect(made.body).toMatchObject({
      canAct: true,
      hasConfirmed: true,
      report: { status: "open" },
    });
    const reportId = made.body.report?.id ?? "";
    expect((await lastMailTo(ctx, anna.email)).subject).toContain("Please confirm");
    const a = await verifierSession(anna.email);
    expect((await a.act("confirm", anna.id, reportId)).status).toBe(200);
    // an incapacity starts the incapacity scope's own wait (decision 093), never the death plan's
    expect((await plan(client.client)).body.state).not.toBe("waiting");
    const scope = await client.client.json<IncapacityView>("GET", "/api/incapacity");
    expect(scope.body.scope?.status).toBe("waiting");
  });

  it("an admin's actions for the firm: 20 an hour", async () => {
    const { firm, client } = await firmClient(2);
    const path = `/api/clients/${client.id}/report`;
    expect((await firm.admin.post(path, { kind: "death" })).status).toBe(200);
    // refused as already open or already confirmed, but each counted (per admin, on every route)
    for (let i = 0; i < 19; i++) {
      const again =
        i % 2
          ? firm.admin.post(path, { kind: "death" })
          : firm.admin.post(`${path}/confirm`, { reportId: randomUUID() });
      expect((await again).status).toBe(409);
    }
    expect((await firm.admin.post(`${path}/heard`, { reportId: randomUUID() })).status).toBe(429);
  });

  it("with no verifiers, attestation works as today", async () => {
    const firm = await buildFirm(ctx);
    const client = await buildInvitedMember(ctx, firm.admin, "regular_user");
    const attest = await firm.admin.json("POST", `/api/clients/${client.id}/release`, {
      attesterName: "Ada Admin",
      eventDate: "2026-11-01",
    });
    expect(attest.status).toBe(201);
  });

  it("staff, another firm's admin, a stranger and the signed-out cannot see or act", async () => {
    const { firm, client } = await firmClient(2);
    const path = `/api/clients/${client.id}/report`;
    const staff = await buildInvitedMember(ctx, firm.admin, "firm_staff");
    const other = await buildFirm(ctx);
    const stranger = await buildUser(ctx);
    for (const who of [staff.client, other.admin, stranger.client]) {
      expect((await who.json("GET", path)).status).toBe(404);
      expect((await who.json("POST", path, { kind: "death" })).status).toBe(404);
    }
    const out = new TestClient(ctx);
    expect((await out.json("GET", path)).status).toBe(401);
    expect((await out.json("POST", path, { kind: "death" })).status).toBe(401);
    expect((await out.json("GET", "/api/reports")).status).toBe(401);
    expect((await ownReport(client.client)).body.report).toBeNull();
  });
});

describe("someone else cannot", () => {
  it("report, confirm or stop for an owner they are not an accepted verifier of", async () => {
    const { owner, people } = await ownerWithVerifiers(2, 2);
    const [anna, ben] = people;
    if (!anna || !ben) throw new Error("people");
    const other = await ownerWithVerifiers(1, 1);
    const otherVerifier = other.people[0];
    if (!otherVerifier) throw new Error("other");
    const a = await verifierSession(anna.email);
    expect((await a.make(anna.id)).status).toBe(200);
    const reportId = (await ownReport(owner.client)).body.report?.id ?? "";

    // a verifier of another plan, with their own valid session, naming this owner's role ids
    const o = await verifierSession(otherVerifier.email);
    expect((await o.make(ben.id)).status).toBe(404);
    expect((await o.act("confirm", ben.id, reportId)).status).toBe(404);
    expect((await o.act("heard", ben.id, reportId)).status).toBe(404);
    expect((await o.act("confirm", otherVerifier.id, reportId)).status).toBe(409);
    expect((await o.desk()).body.roles.map((r) => r.ownerName)).toEqual(["Olive Owner"]);
    expect(JSON.stringify((await o.desk()).body)).not.toContain(reportId);

    // a still-invited and a declined verifier get no code at all, so no session
    const invited = uniqueEmail("invited");
    await owner.client.json("POST", "/api/verifiers", {
      kind: "person",
      name: "Ivy",
      email: invited,
    });
    const browser = new TestClient(ctx);
    await browser.post("/api/verifier/report/code", { email: invited });
    expect((await mailsTo(ctx, invited)).map((m) => m.subject)).not.toContain(
      "Your Legacy Vault code",
    );

    // a declined verifier likewise
    const declined = uniqueEmail("declined");
    await owner.client.json("POST", "/api/verifiers", {
      kind: "person",
      name: "Dee",
      email: declined,
    });
    const inviteToken =
      (await linkFromMail(ctx, declined, "/verifier/invite")).searchParams.get("token") ?? "";
    const dee = new TestClient(ctx);
    await dee.post("/api/verifier/code", { token: inviteToken });
    const deeCode = await mailedCode(declined);
    await dee.post("/api/verifier/answer", {
      token: inviteToken,
      code: deeCode,
      answer: "decline",
    });
    const mailsBefore = (await mailsTo(ctx, declined)).length;
    expect((await dee.post("/api/verifier/report/code", { email: declined })).status).toBe(200);
    expect((await mailsTo(ctx, declined)).length).toBe(mailsBefore);
    expect(
      (await dee.post("/api/verifier/report/sign-in", { email: declined, code: deeCode })).status,
    ).toBe(400);

    // a removed verifier: their session finds no role any more
    const b = await verifierSession(ben.email);
    await owner.client.json("DELETE", `/api/verifiers/${ben.id}`);
    expect((await b.act("confirm", ben.id, reportId)).status).toBe(404);
    expect((await b.desk()).body.roles).toEqual([]);

    // another signed-in user has no report of this owner; the fine link is hashed
    const stranger = await buildUser(ctx);
    expect((await ownReport(stranger.client)).body.report).toBeNull();
    const db = ctx.services.deps.db;
    await expect(
      withActor(db, { userId: owner.id }, (tx) =>
        tx.execute(sql`select fine_token_hash from verifier_reports`),
      ),
    ).rejects.toThrow();
    expect(
      await withActor(db, { userId: stranger.id }, (tx) =>
        tx.select({ id: verifierReports.id }).from(verifierReports),
      ),
    ).toEqual([]);
    expect((await ownReport(owner.client)).body.report?.status).toBe("open");
  });
});
