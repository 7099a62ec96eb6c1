import nodemailer from "nodemailer";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type {
  ReminderOptOutList,
  ReminderPreferenceView,
  ReminderRunView,
  ReminderSettingsView,
} from "../../common/reminders.js";
import { buildAsset } from "../../test/factories/assets.js";
import { buildFirm } from "../../test/factories/firm.js";
import { buildInvitedMember } from "../../test/factories/people.js";
import { DAY_MS } from "../../test/factories/release.js";
import {
  TestClient,
  buildUser,
  createTestContext,
  linkFromMail,
  rowsOf,
  type TestContext,
} from "../../test/harness.js";
import { decodeQuotedPrintable, startSmtpSink } from "../../test/smtp-sink.js";
import { createOffsetClock } from "../clock.js";
import { createMailer, listOutbox } from "../mail/outbox.js";
import { createLogger } from "../logger.js";
import { startReminderRun } from "./service.js";
import { runReminderBatch, runReminders, startDueMonthlyRuns } from "./worker.js";

/**
 * Reminders to a firm's clients with incomplete plans (docs/decisions/100): the template and its
 * limits, the send and its progress, at most one a month per client, the one-click opt-out, and
 * nobody but the firm's admins reaching the firm's side.
 */
let ctx: TestContext;
const clock = createOffsetClock();
beforeAll(async () => {
  ctx = await createTestContext({}, { clock });
});
afterAll(() => ctx.close());

const COLOUR = "#7a1f3d";
const TEMPLATE = {
  subject: "{firm_name} asks: finish your plan, {client_name}",
  body: "Hello {client_name},\n\nStill to do:\n{missing_steps}\n\n<b>Go</b> to {link}",
  isMonthly: false,
};

async function brandFirm() {
  const firm = await buildFirm(ctx);
  const slug = `rem-${Math.random().toString(36).slice(2, 10)}`;
  const page = await firm.admin.request("PATCH", "/api/firm/page", {
    slug,
    brandColor: COLOUR,
    isCodeOnPage: false,
  });
  expect(page.status).toBe(200);
  return firm;
}

const mailsTo = async (to: string) =>
  (await listOutbox(ctx.services.deps.db, 1000)).filter(
    (m) => m.to === to && m.template === "client-reminder",
  );

async function send(admin: TestClient): Promise<ReminderRunView> {
  const res = await admin.json<ReminderRunView>("POST", "/api/firm/reminders/runs");
  expect([200, 201]).toContain(res.status);
  await runReminders(ctx.services.deps);
  const run = await admin.json<ReminderRunView>("GET", `/api/firm/reminders/runs/${res.body.id}`);
  expect(run.status).toBe(200);
  return run.body;
}

describe("the firm's reminder template", () => {
  it("starts as the default, saves within its limits and refuses what is not plain text", async () => {
    const firm = await brandFirm();
    const first = await firm.admin.json<ReminderSettingsView>("GET", "/api/firm/reminders");
    expect(first.status).toBe(200);
    expect(first.body.subject).toContain("{firm_name}");
    expect(first.body.lastRun).toBeNull();
    const saved = await firm.admin.json<ReminderSettingsView>(
      "PUT",
      "/api/firm/reminders",
      TEMPLATE,
    );
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ subject: TEMPLATE.subject, body: TEMPLATE.body });
    const bad = [
      { ...TEMPLATE, subject: "Hi {name}" },
      { ...TEMPLATE, body: "{client_name} {secret}" },
      { ...TEMPLATE, subject: "one\nBcc: x@example.com" },
      { ...TEMPLATE, subject: "x".repeat(121) },
      { ...TEMPLATE, body: "x".repeat(2001) },
      { ...TEMPLATE, body: "a\u0000b" },
      { ...TEMPLATE, body: "   " },
      { ...TEMPLATE, extra: 1 },
    ];
    for (const input of bad)
      expect((await firm.admin.request("PUT", "/api/firm/reminders", input)).status).toBe(400);
  });
});

describe("sending reminders", () => {
  it("e-mails each client with an incomplete plan once, in the firm's name, naming only what is missing", async () => {
    const firm = await brandFirm();
    await firm.admin.request("PUT", "/api/firm/reminders", TEMPLATE);
    const ann = await buildInvitedMember(ctx, firm.admin, "regular_user", "Ann <Client>");
    const bob = await buildInvitedMember(ctx, firm.admin, "regular_user", "Bob Client");
    await buildAsset(ann.client, { title: "Numbered account at Zurich" });
    const run = await send(firm.admin);
    expect(run).toMatchObject({
      status: "done",
      totalClients: 2,
      processedClients: 2,
      sentClients: 2,
    });

    const [mail, ...more] = await mailsTo(ann.email);
    if (!mail) throw new Error("no reminder to Ann");
    expect(more).toHaveLength(0);
    expect(mail.subject).toBe(`${firm.firmName} asks: finish your plan, Ann <Client>`);
    expect(mail.text).toContain("- Release plan set: no");
    expect(mail.text).not.toContain(": yes");
    expect(mail.text).not.toContain("Zurich");
    expect(mail.text).toContain(`— ${firm.firmName}, with Legacy Vault`);
    expect(mail.text).toMatch(/\/reminders\/opt-out\?token=/);
    // the template's HTML is shown as typed, never run; the firm's colour bands the message
    expect(mail.html).toContain("&lt;b&gt;Go&lt;/b&gt;");
    expect(mail.html).not.toContain("<b>Go</b>");
    expect(mail.html).toContain("Ann &lt;Client&gt;");
    expect(mail.html).toContain(`background:${COLOUR}`);
    expect(await mailsTo(bob.email)).toHaveLength(1);

    const audit = rowsOf<{ action: string }>(
      await ctx.services.deps.db.execute(
        sql`select action from audit_log where subject_id = ${run.id} order by id`,
      ),
    ).map((r) => r.action);
    expect(audit).toEqual(["reminders.started", "reminders.finished"]);
    // the firm's own activity timeline says so, in plain words
    const activity = await firm.admin.json<{ events: { text: string; kind: string }[] }>(
      "GET",
      "/api/firm/activity?kind=invitations",
    );
    expect(activity.body.events.map((e) => e.text)).toEqual(
      expect.arrayContaining([
        "2 reminders to clients were sent",
        expect.stringMatching(/ started sending reminders to 2 clients with incomplete plans$/),
      ]),
    );
  });

  it("at most one a month per client: a second send this month skips them, a month later they get one", async () => {
    const firm = await brandFirm();
    const cat = await buildInvitedMember(ctx, firm.admin, "regular_user", "Cat Client");
    expect((await send(firm.admin)).sentClients).toBe(1);
    const again = await send(firm.admin);
    expect(again).toMatchObject({ status: "done", totalClients: 0, sentClients: 0 });
    expect(await mailsTo(cat.email)).toHaveLength(1);
    clock.advance(32 * DAY_MS);
    expect((await send(firm.admin)).sentClients).toBe(1);
    expect(await mailsTo(cat.email)).toHaveLength(2);
  });

  it("the database refuses a second reminder within a month, whatever writes it", async () => {
    const firm = await brandFirm();
    const dan = await buildInvitedMember(ctx, firm.admin, "regular_user", "Dan Client");
    await send(firm.admin);
    await expect(
      ctx.services.deps.db.execute(
        sql`update client_reminders set last_sent_at = last_sent_at + interval '1 day' where client_id = ${dan.id}`,
      ),
    ).rejects.toThrow();
  });

  it("several workers at once send each client one reminder (claimed once)", async () => {
    const firm = await brandFirm();
    const people = [];
    for (const n of ["Eve", "Fay", "Gus"])
      people.push(await buildInvitedMember(ctx, firm.admin, "regular_user", `${n} Client`));
    const res = await firm.admin.json<ReminderRunView>("POST", "/api/firm/reminders/runs");
    expect(res.status).toBe(201);
    const deps = ctx.services.deps;
    await Promise.all([runReminderBatch(deps), runReminderBatch(deps), runReminderBatch(deps)]);
    await runReminders(deps);
    for (const p of people) expect(await mailsTo(p.email)).toHaveLength(1);
    const run = await firm.admin.json<ReminderRunView>(
      "GET",
      `/api/firm/reminders/runs/${res.body.id}`,
    );
    expect(run.body).toMatchObject({ status: "done", processedClients: 3, sentClients: 3 });
  });

  it("the monthly send starts once when due, for firms that turned it on", async () => {
    const firm = await brandFirm();
    const hal = await buildInvitedMember(ctx, firm.admin, "regular_user", "Hal Client");
    const on = await firm.admin.json<ReminderSettingsView>("PUT", "/api/firm/reminders", {
      ...TEMPLATE,
      isMonthly: true,
    });
    expect(on.body.nextMonthlyAt).not.toBeNull();
    const deps = ctx.services.deps;
    expect(await startDueMonthlyRuns(deps)).toBeGreaterThanOrEqual(1);
    await runReminders(deps);
    expect(await mailsTo(hal.email)).toHaveLength(1);
    const after = await firm.admin.json<ReminderSettingsView>("GET", "/api/firm/reminders");
    expect(after.body.lastRun).toMatchObject({ isMonthly: true, sentClients: 1 });
    // claimed: the next one is a month away
    expect(new Date(after.body.nextMonthlyAt ?? 0).getTime()).toBeGreaterThan(
      clock.now().getTime() + 27 * DAY_MS,
    );
    await firm.admin.request("PUT", "/api/firm/reminders", { ...TEMPLATE, isMonthly: false });
    clock.advance(40 * DAY_MS);
    await startDueMonthlyRuns(deps);
    await runReminders(deps);
    expect(await mailsTo(hal.email)).toHaveLength(1);
  });
});

describe("opting out", () => {
  it("the e-mail's link opts out its client with one click, signed out, again and again, and no one else", async () => {
    const firm = await brandFirm();
    const ida = await buildInvitedMember(ctx, firm.admin, "regular_user", "Ida Client");
    const jon = await buildInvitedMember(ctx, firm.admin, "regular_user", "Jon Client");
    await send(firm.admin);
    const token = (await linkFromMail(ctx, ida.email, "/reminders/opt-out")).searchParams.get(
      "token",
    );
    const stranger = new TestClient(ctx);
    for (let i = 0; i < 2; i++)
      expect((await stranger.post("/api/reminders/opt-out", { token })).status).toBe(200);
    expect((await stranger.post("/api/reminders/opt-out", { token: `${token}x` })).status).toBe(
      404,
    );

    const mine = await ida.client.json<ReminderPreferenceView>("GET", "/api/reminders/preference");
    expect(mine.body.isOptedOut).toBe(true);
    const jons = await jon.client.json<ReminderPreferenceView>("GET", "/api/reminders/preference");
    expect(jons.body.isOptedOut).toBe(false);

    const list = await firm.admin.json<ReminderOptOutList>("GET", "/api/firm/reminders/opt-outs");
    expect(list.body.clients.map((c) => c.email)).toEqual([ida.email]);
    expect(Object.keys(list.body.clients[0] ?? {}).sort()).toEqual(
      ["clientId", "email", "name", "optedOutAt"].sort(),
    );

    // honoured by every send: the next month's leaves her out
    clock.advance(32 * DAY_MS);
    const next = await send(firm.admin);
    expect(next.sentClients).toBe(1);
    expect(await mailsTo(ida.email)).toHaveLength(1);
    expect(await mailsTo(jon.email)).toHaveLength(2);
    const audit = rowsOf<{ n: number }>(
      await ctx.services.deps.db.execute(
        sql`select count(*)::int as n from audit_log where action = 'reminders.opted_out' and subject_id = ${ida.id}`,
      ),
    );
    expect(audit[0]?.n).toBe(1);
  });

  it("a client turns reminders off and on in their profile; an opt-out made after a send starts is honoured", async () => {
    const firm = await brandFirm();
    const kim = await buildInvitedMember(ctx, firm.admin, "regular_user", "Kim Client");
    const off = await kim.client.json<ReminderPreferenceView>("PUT", "/api/reminders/preference", {
      isOptedOut: true,
    });
    expect(off.body.isOptedOut).toBe(true);
    expect((await send(firm.admin)).totalClients).toBe(0);
    await kim.client.request("PUT", "/api/reminders/preference", { isOptedOut: false });
    // the send is made (as "Send reminders" makes it) but its worker has not reached her yet
    const admin = { id: firm.adminId, role: "firm_admin" as const, firmId: firm.firmId };
    const { run } = await startReminderRun(ctx.services.deps, admin);
    expect(run.totalClients).toBe(1);
    await kim.client.request("PUT", "/api/reminders/preference", { isOptedOut: true });
    await runReminders(ctx.services.deps);
    expect(await mailsTo(kim.email)).toHaveLength(0);
  });

  it("the opt-out route is rate limited per address", async () => {
    const client = new TestClient(ctx);
    const statuses = [];
    for (let i = 0; i < 21; i++)
      statuses.push((await client.post("/api/reminders/opt-out", { token: `nope-${i}` })).status);
    expect(statuses.slice(0, 20).every((s) => s === 404)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});

describe("someone else cannot", () => {
  it("reach a firm's reminders: staff, an assistant, a client, another firm's admin, signed out", async () => {
    const firm = await brandFirm();
    await buildInvitedMember(ctx, firm.admin, "regular_user", "Lea Client");
    const run = await send(firm.admin);
    const staff = await buildInvitedMember(ctx, firm.admin, "firm_staff");
    const assistant = await buildInvitedMember(ctx, firm.admin, "firm_assistant");
    const client = await buildInvitedMember(ctx, firm.admin, "regular_user");
    const other = await brandFirm();
    const solo = await buildUser(ctx);
    const tries: [string, string, unknown?][] = [
      ["GET", "/api/firm/reminders"],
      ["PUT", "/api/firm/reminders", TEMPLATE],
      ["POST", "/api/firm/reminders/runs", {}],
      ["GET", `/api/firm/reminders/runs/${run.id}`],
      ["GET", "/api/firm/reminders/opt-outs"],
    ];
    for (const who of [staff.client, assistant.client, client.client, solo.client])
      for (const [method, path, body] of tries)
        expect((await who.request(method, path, body)).status, `${method} ${path}`).toBe(404);
    // another firm's admin has reminders of their own, but never this firm's send
    expect((await other.admin.request("GET", `/api/firm/reminders/runs/${run.id}`)).status).toBe(
      404,
    );
    const signedOut = new TestClient(ctx);
    for (const [method, path, body] of tries)
      expect((await signedOut.request(method, path, body)).status).toBe(401);
    expect((await signedOut.get("/api/reminders/preference")).status).toBe(401);
    expect(await mailsTo(staff.email)).toHaveLength(0);
  });
});

describe("delivered over SMTP", () => {
  it("a reminder is a real message the SMTP server receives, with the firm's name and the opt-out link", async () => {
    const firm = await brandFirm();
    const mia = await buildInvitedMember(ctx, firm.admin, "regular_user", "Mia Client");
    await firm.admin.request("PUT", "/api/firm/reminders", TEMPLATE);
    await send(firm.admin);
    const sink = await startSmtpSink();
    const mailer = createMailer(ctx.services.deps.db, {
      transport: nodemailer.createTransport(`smtp://127.0.0.1:${sink.port}`),
      from: "Legacy Vault <vault@example.com>",
      log: createLogger("silent"),
    });
    try {
      await mailer.flush();
      const mail = sink.received.find((m) => m.to.includes(mia.email) && m.raw.includes("asks"));
      if (!mail) throw new Error("no reminder delivered");
      const body = decodeQuotedPrintable(mail.raw);
      expect(body).toContain(`Subject: ${firm.firmName} asks: finish your plan, Mia Client`);
      expect(body).toMatch(/http:\/\/localhost:3999\/reminders\/opt-out\?token=[\w-]+/);
      expect(body).toContain("- Release plan set: no");
    } finally {
      await mailer.stop();
      await sink.close();
    }
  });
});
