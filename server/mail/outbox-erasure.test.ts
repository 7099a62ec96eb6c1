import { randomBytes } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EMAIL_LINK_TTL_SECONDS, VERIFICATION_CODE_TTL_MINUTES } from "../../common/auth.js";
import { buildFirm } from "../../test/factories/firm.js";
import { DAY_MS, advance, mailsTo } from "../../test/factories/release.js";
import { buildAsset } from "../../test/factories/assets.js";
import {
  GOOD_PASSWORD,
  TestClient,
  buildUser,
  createTestContext,
  freePort,
  rowsOf,
  uniqueEmail,
  type TestContext,
} from "../../test/harness.js";
import { decodeQuotedPrintable, startSmtpSink } from "../../test/smtp-sink.js";
import {
  invitations,
  legacyCodes,
  mailOutbox,
  releaseLinks,
  releases,
} from "../db/schema/index.js";
import { createLogger } from "../logger.js";
import { createOffsetClock } from "../clock.js";

/** Everything any app in this file logs, at debug level. */
const lines: string[] = [];
const log = createLogger("debug", (_level, line) => lines.push(line));

const rowsTo = (ctx: TestContext, to: string) =>
  ctx.services.deps.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, to))
    .orderBy(mailOutbox.id);

function mailerOf(ctx: TestContext) {
  if (!ctx.services.mailer) throw new Error("SMTP_URL is set, so there must be a mailer");
  return ctx.services.mailer;
}

/** Every link and six-digit code in what the SMTP server received for `to`. */
function secretsIn(sink: Awaited<ReturnType<typeof startSmtpSink>>, to: string): string[] {
  const bodies = sink.received
    .filter((m) => m.to.includes(to))
    .map((m) => decodeQuotedPrintable(m.raw));
  const links = bodies
    .flatMap((b) => b.match(/(?:code|token)=[A-Za-z0-9._%-]+/g) ?? [])
    .map((p) => decodeURIComponent(p.slice(p.indexOf("=") + 1)));
  const codes = bodies.flatMap((b) => b.match(/\b\d{6}\b/g) ?? []);
  return [...new Set([...links, ...codes])];
}

/** What an operator sees of a message once it went out, expired or failed: no subject, no body. */
const ERASED = { subject: "", text: "", html: "" };

describe("the outbox after delivery over SMTP", () => {
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let ctx: TestContext;
  const marker = `MARK${randomBytes(6).toString("hex")}`;
  beforeAll(async () => {
    sink = await startSmtpSink();
    ctx = await createTestContext({ SMTP_URL: `smtp://127.0.0.1:${sink.port}` }, { log });
  });
  afterAll(async () => {
    await ctx.close();
    await sink.close();
  });

  it("keeps recipient, template, times, status and attempts; no subject, body, link or code of a confirmation, a sign-in code or a reset", async () => {
    const email = uniqueEmail();
    const client = new TestClient(ctx);
    expect(
      (
        await client.post("/api/register", {
          name: `Ursula ${marker}`,
          email,
          password: GOOD_PASSWORD,
        })
      ).status,
    ).toBe(200);
    await mailerOf(ctx).flush();
    const [confirmation] = secretsIn(sink, email);
    expect((await client.get(`/api/auth/verify-email?token=${confirmation}`)).status).toBe(200);
    expect((await client.post("/api/auth/two-factor/send-otp", {})).status).toBe(200);
    expect(
      (
        await new TestClient(ctx).post("/api/auth/request-password-reset", {
          email,
          redirectTo: "/update-password",
        })
      ).status,
    ).toBe(200);
    await mailerOf(ctx).flush();

    const delivered = sink.received
      .filter((m) => m.to.includes(email))
      .map((m) => decodeQuotedPrintable(m.raw));
    expect(delivered).toHaveLength(3);
    expect(delivered.join("\n")).toMatch(/^Subject: Your Legacy Vault verification code: \d{6}$/m);
    const secrets = secretsIn(sink, email);
    expect(secrets.length).toBeGreaterThanOrEqual(3); // the confirmation and reset tokens, and the code

    const rows = await rowsTo(ctx, email);
    expect(rows.map((r) => r.template)).toEqual([
      "confirm-email",
      "sign-in-code",
      "reset-password",
    ]);
    for (const row of rows) {
      expect(row).toMatchObject({
        to: email,
        status: "sent",
        attempts: 1,
        lastError: null,
        ...ERASED,
      });
      expect(row.sentAt?.getTime()).toBeGreaterThanOrEqual(row.createdAt.getTime());
    }
    const everything = JSON.stringify(await ctx.services.deps.db.select().from(mailOutbox));
    for (const secret of [marker, ...secrets]) expect(everything, secret).not.toContain(secret);
  });

  it("no log line holds a subject, a body, a link or a code", () => {
    const all = lines.join("\n");
    expect(all).not.toContain(marker);
    for (const m of sink.received)
      for (const secret of secretsIn(sink, m.to[0] ?? ""))
        expect(all, secret).not.toContain(secret);
  });
});

describe("the outbox when SMTP is down", () => {
  let port: number;
  let ctx: TestContext;
  const marker = `MARK${randomBytes(6).toString("hex")}`;
  beforeAll(async () => {
    port = await freePort();
    ctx = await createTestContext({ SMTP_URL: `smtp://127.0.0.1:${port}` }, { log });
  });
  afterAll(() => ctx.close());

  async function registerWhileDown() {
    const email = uniqueEmail();
    expect(
      (
        await new TestClient(ctx).post("/api/register", {
          name: `Dora ${marker}`,
          email,
          password: GOOD_PASSWORD,
        })
      ).status,
    ).toBe(200);
    await mailerOf(ctx).flush();
    const [row] = await rowsTo(ctx, email);
    expect(row).toMatchObject({
      template: "confirm-email",
      status: "pending",
      attempts: 1,
      sentAt: null,
    });
    expect(row?.text).toContain("/auth/callback?code="); // kept while it may still go out
    return email;
  }

  it("a message whose link expired before SMTP came back is not sent, and is erased", async () => {
    const email = await registerWhileDown();
    // the link's hour is over
    await ctx.services.deps.db
      .update(mailOutbox)
      .set({ expiresAt: sql`now() - interval '1 second'`, nextAttemptAt: sql`now()` })
      .where(eq(mailOutbox.to, email));
    const sink = await startSmtpSink(port);
    try {
      await mailerOf(ctx).flush();
      expect(sink.received.filter((m) => m.to.includes(email))).toEqual([]);
    } finally {
      await sink.close();
    }
    const [row] = await rowsTo(ctx, email);
    expect(row).toMatchObject({
      template: "confirm-email",
      status: "expired",
      sentAt: null,
      attempts: 1,
      ...ERASED,
    });
  });

  it("a message that failed its last attempt is erased, with the error kept for the operator", async () => {
    const email = await registerWhileDown();
    await ctx.services.deps.db
      .update(mailOutbox)
      .set({ attempts: 7, nextAttemptAt: sql`now()` })
      .where(eq(mailOutbox.to, email));
    await mailerOf(ctx).flush();
    const [row] = await rowsTo(ctx, email);
    expect(row).toMatchObject({ status: "failed", attempts: 8, sentAt: null, ...ERASED });
    expect(row?.lastError).toMatch(/ECONNREFUSED|connect/i);
  });

  it("no log line holds a subject, a body or a link", () => {
    const all = lines.join("\n");
    expect(all).toMatch(/mail \d+ \(confirm-email\) to .* failed \(attempt 1\)/); // the capture works
    expect(all).not.toContain(marker);
    expect(all).not.toContain("/auth/callback");
  });
});

describe("each message expires with the link or code it carries", () => {
  let ctx: TestContext;
  const clock = createOffsetClock();
  beforeAll(async () => {
    ctx = await createTestContext({}, { clock });
  });
  afterAll(() => ctx.close());

  const lifetime = (row: { createdAt: Date; expiresAt: Date | null } | undefined) =>
    row?.expiresAt ? row.expiresAt.getTime() - row.createdAt.getTime() : null;
  const rowOf = async (to: string, template: string) =>
    (await rowsTo(ctx, to)).filter((r) => r.template === template).at(-1);

  it("account e-mails: the confirmation and reset links' hour, the sign-in code's minutes; none for a message without a secret", async () => {
    const user = await buildUser(ctx);
    expect((await user.client.post("/api/auth/two-factor/send-otp", {})).status).toBe(200);
    await new TestClient(ctx).post("/api/auth/request-password-reset", {
      email: user.email,
      redirectTo: "/update-password",
    });
    await new TestClient(ctx).post("/api/register", {
      name: "Again",
      email: user.email,
      password: GOOD_PASSWORD,
    });

    const near = (ms: number | null, expected: number) =>
      expect(Math.abs((ms ?? 0) - expected)).toBeLessThan(5000);
    near(lifetime(await rowOf(user.email, "confirm-email")), EMAIL_LINK_TTL_SECONDS * 1000);
    near(lifetime(await rowOf(user.email, "reset-password")), EMAIL_LINK_TTL_SECONDS * 1000);
    near(lifetime(await rowOf(user.email, "sign-in-code")), VERIFICATION_CODE_TTL_MINUTES * 60_000);
    expect(await rowOf(user.email, "existing-account")).toMatchObject({ expiresAt: null });
  });

  it("an invitation: the invitation's own expiry", async () => {
    const { admin } = await buildFirm(ctx);
    const email = uniqueEmail("staff");
    expect((await admin.post("/api/invitations", { email, role: "firm_staff" })).status).toBe(200);
    const [invitation] = await ctx.services.deps.db
      .select()
      .from(invitations)
      .where(eq(invitations.email, email));
    expect((await rowOf(email, "invitation"))?.expiresAt?.toISOString()).toBe(
      invitation?.expiresAt.toISOString(),
    );
  });

  it("release e-mails: the check-in and cancel links' expiry; the beneficiary's code's; none for notices", async () => {
    const owner = await buildUser(ctx, { name: "Olive Owner" });
    const heir = uniqueEmail("heir");
    await buildAsset(owner.client, { title: "Bank login", beneficiaryEmails: [heir] });
    expect(
      (await owner.client.post("/api/beneficiaries", { name: "Hal Heir", email: heir })).status,
    ).toBe(201);
    expect(await rowOf(heir, "beneficiary-named")).toMatchObject({ expiresAt: null });
    await owner.client.json("PUT", "/api/release/plan", { inactivityMonths: 3, waitDays: 2 });
    const plan = await owner.client.json<{ plan: { inactivityEndsAt: string } }>(
      "GET",
      "/api/release",
    );
    const endsAt = new Date(plan.body.plan.inactivityEndsAt).getTime();
    const links = (purpose: "check_in" | "cancel") =>
      ctx.services.deps.db
        .select()
        .from(releaseLinks)
        .where(and(eq(releaseLinks.userId, owner.id), eq(releaseLinks.purpose, purpose)));

    await advance(ctx, clock, endsAt - 30 * DAY_MS - clock.now().getTime() + 1000);
    const [checkIn] = await links("check_in");
    expect(
      (await rowOf(owner.email, "release-inactivity-reminder"))?.expiresAt?.toISOString(),
    ).toBe(checkIn?.expiresAt.toISOString());

    await advance(ctx, clock, 30 * DAY_MS);
    const [release] = await ctx.services.deps.db
      .select()
      .from(releases)
      .where(eq(releases.userId, owner.id));
    expect((await rowOf(owner.email, "release-wait-started"))?.expiresAt?.toISOString()).toBe(
      release?.releaseAt.toISOString(),
    );
    expect((await links("cancel")).map((l) => l.expiresAt.toISOString())).toContain(
      release?.releaseAt.toISOString(),
    );

    await advance(ctx, clock, 2 * DAY_MS);
    expect(await rowOf(owner.email, "release-owner-released")).toMatchObject({ expiresAt: null });
    expect(await rowOf(heir, "release-beneficiary-released")).toMatchObject({ expiresAt: null });
    expect((await new TestClient(ctx).post("/api/legacy/code", { email: heir })).status).toBe(200);
    const [code] = await ctx.services.deps.db
      .select()
      .from(legacyCodes)
      .where(eq(legacyCodes.email, heir));
    expect((await rowOf(heir, "legacy-code"))?.expiresAt?.toISOString()).toBe(
      code?.expiresAt.toISOString(),
    );
    expect((await mailsTo(ctx, heir)).length).toBeGreaterThanOrEqual(3);
  });
});

describe("the development mailbox (no SMTP_URL)", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  type MailboxJson = {
    messages: { to: string; template: string; status: string; subject: string; text: string }[];
  };

  it("shows a message until its link expires, then the message is erased", async () => {
    const email = uniqueEmail("mailbox");
    await new TestClient(ctx).post("/api/register", {
      name: "Molly Box",
      email,
      password: GOOD_PASSWORD,
    });
    const local = new TestClient(ctx, "127.0.0.1");
    const before = (await local.json<MailboxJson>("GET", "/dev/mailbox.json")).body.messages.find(
      (m) => m.to === email,
    );
    expect(before).toMatchObject({
      template: "confirm-email",
      status: "pending",
      subject: "Confirm your Legacy Vault account",
    });
    expect(before?.text).toContain("/auth/callback?code=");

    await ctx.services.deps.db
      .update(mailOutbox)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(mailOutbox.to, email));
    const after = (await local.json<MailboxJson>("GET", "/dev/mailbox.json")).body.messages.find(
      (m) => m.to === email,
    );
    expect(after).toMatchObject({
      template: "confirm-email",
      status: "expired",
      subject: "",
      text: "",
    });
    const page = await (await local.get("/dev/mailbox")).text();
    expect(page).toContain("Erased: the link or code in this message has expired.");
    expect(page).not.toContain("/auth/callback?code=");
    expect((await rowsTo(ctx, email))[0]).toMatchObject({ status: "expired", ...ERASED });
  });
});

describe("a release e-mail that cannot be queued", () => {
  let ctx: TestContext;
  const captured: string[] = [];
  const clock = createOffsetClock();
  beforeAll(async () => {
    ctx = await createTestContext(
      {},
      { clock, log: createLogger("debug", (_level, line) => captured.push(line)) },
    );
    // the database refuses the reminder (an unexpected error inside the timer's step, whose query carries the message)
    await ctx.services.deps.db.execute(
      `create function test_refuse_mail() returns trigger language plpgsql as $$ begin
         if new.template = 'release-inactivity-reminder' then raise exception 'injected fault'; end if; return new; end $$`,
    );
    await ctx.services.deps.db.execute(
      `create trigger test_refuse_mail before insert on mail_outbox for each row execute function test_refuse_mail()`,
    );
  });
  afterAll(() => ctx.close());

  it("the failing timer's log line and stored error name the fault, never the message or its link", async () => {
    const owner = await buildUser(ctx, { name: "Olive Owner" });
    await owner.client.json("PUT", "/api/release/plan", { inactivityMonths: 3, waitDays: 2 });
    const plan = await owner.client.json<{ plan: { inactivityEndsAt: string } }>(
      "GET",
      "/api/release",
    );
    await advance(
      ctx,
      clock,
      new Date(plan.body.plan.inactivityEndsAt).getTime() -
        30 * DAY_MS -
        clock.now().getTime() +
        1000,
    );

    const all = captured.join("\n");
    expect(all).toMatch(/release timer \d+ failed \(attempt 1\): .*injected fault/); // the capture works
    const [timer] = rowsOf<{ last_error: string }>(
      await ctx.services.deps.db.execute(
        sql`select last_error from timers where last_error is not null`,
      ),
    );
    for (const text of [all, timer?.last_error ?? ""]) {
      expect(text).toContain("injected fault");
      expect(text).not.toContain("check-in?token=");
      expect(text).not.toContain("Are you still there?");
    }
  });
});
