import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailOutbox } from "../db/schema/index.js";
import {
  TestClient,
  createTestContext,
  freePort,
  uniqueEmail,
  type TestContext,
} from "../../test/harness.js";
import { selfSignedCertificate } from "../../test/nginx.js";
import { sampleValue } from "../../test/prometheus.js";
import {
  decodeQuotedPrintable,
  startSmtpSink,
  type SmtpSinkOptions,
} from "../../test/smtp-sink.js";

/**
 * The mailer against real SMTP servers (smtp-server): STARTTLS with a self-signed certificate
 * trusted through SMTP_CA_FILE, AUTH with the credentials in SMTP_URL, servers that refuse, and
 * none at all. A refused or failed send never fails the request that queued it; the outbox
 * retries, and the metrics show the backlog and the failures (docs/decisions/029).
 */

const PASSWORD = "Copper-Orchard-31";
const SMTP_USER = "vault@example.com";
const SMTP_PASS = "p@ss:word/with&marks";

let dir: string;
let cert: ReturnType<typeof selfSignedCertificate>;
/** The SMTP server's key and certificate (PEM). */
let tls: { key: string; cert: string };
const cleanups: (() => Promise<unknown>)[] = [];
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), "lv-smtp-"));
  cert = selfSignedCertificate(dir);
  tls = { key: readFileSync(cert.keyFile, "utf8"), cert: cert.pem };
});
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  rmSync(dir, { recursive: true, force: true });
});

async function sink(options: SmtpSinkOptions = {}) {
  const s = await startSmtpSink(0, options);
  cleanups.push(() => s.close());
  return s;
}

async function app(settings: Record<string, string>) {
  const ctx = await createTestContext(settings);
  cleanups.push(() => ctx.close());
  return ctx;
}

const smtpUrl = (
  port: number,
  credentials = `${encodeURIComponent(SMTP_USER)}:${encodeURIComponent(SMTP_PASS)}@`,
) => `smtp://${credentials}127.0.0.1:${port}`;

function mailer(ctx: TestContext) {
  if (!ctx.services.mailer) throw new Error("SMTP_URL is set, so there must be a mailer");
  return ctx.services.mailer;
}

/** Registers someone: the request must succeed whatever the SMTP server does. Returns the address. */
async function register(ctx: TestContext): Promise<string> {
  const email = uniqueEmail();
  const res = await new TestClient(ctx).json("POST", "/api/register", {
    name: "Sam Smtp",
    email,
    password: PASSWORD,
  });
  expect(res).toEqual({ status: 200, body: { ok: true } });
  return email;
}

async function outboxRow(ctx: TestContext, to: string) {
  const [row, ...others] = await ctx.services.deps.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, to));
  if (!row || others.length) throw new Error(`expected exactly one outbox row to ${to}`);
  return row;
}

/** Makes `to`'s message due now (its backoff skipped) and lets the mailer try everything due. */
async function retryNow(ctx: TestContext, to: string) {
  await ctx.services.deps.db
    .update(mailOutbox)
    .set({ nextAttemptAt: sql`now()` })
    .where(eq(mailOutbox.to, to));
  await mailer(ctx).flush();
}

/** The numbers an operator watches, from a scrape of this app's metrics. */
async function watched(ctx: TestContext) {
  const text = await ctx.services.deps.metrics.render();
  const value = (name: string, labels?: Record<string, string>) =>
    sampleValue(text, name, labels) ?? 0;
  return {
    pending: value("legacy_vault_mail_outbox_pending"),
    retrying: value("legacy_vault_mail_outbox_retrying"),
    givenUp: value("legacy_vault_mail_outbox_failed"),
    sent: value("legacy_vault_mail_send_attempts_total", { result: "sent" }),
    failed: value("legacy_vault_mail_send_attempts_total", { result: "failed" }),
  };
}

describe("an SMTP server with STARTTLS (self-signed certificate) and AUTH", () => {
  it("delivers over TLS, signed in with SMTP_URL's user and password, once SMTP_CA_FILE trusts the certificate", async () => {
    const server = await sink({ tls, auth: { user: SMTP_USER, pass: SMTP_PASS } });
    const ctx = await app({
      SMTP_URL: smtpUrl(server.port),
      SMTP_CA_FILE: cert.certFile,
      MAIL_FROM: "Legacy Vault <vault@example.com>",
    });
    const before = await watched(ctx);
    const email = await register(ctx);
    expect((await watched(ctx)).pending).toBe(before.pending + 1);
    await mailer(ctx).flush();

    const mail = server.received.find((m) => m.to.includes(email));
    if (!mail) throw new Error(`nothing delivered to ${email}`);
    expect(mail).toMatchObject({ isSecure: true, user: SMTP_USER, from: "vault@example.com" });
    expect(decodeQuotedPrintable(mail.raw)).toMatch(/\/auth\/callback\?code=/);
    expect(await outboxRow(ctx, email)).toMatchObject({
      status: "sent",
      attempts: 1,
      lastError: null,
    });
    const after = await watched(ctx);
    expect(after).toMatchObject({
      pending: before.pending,
      sent: before.sent + 1,
      failed: before.failed,
    });
  });

  it("without SMTP_CA_FILE refuses the untrusted certificate (verification stays on): nothing sent, the message waits for a retry", async () => {
    const server = await sink({ tls, auth: { user: SMTP_USER, pass: SMTP_PASS } });
    const ctx = await app({ SMTP_URL: smtpUrl(server.port) });
    const email = await register(ctx);
    await mailer(ctx).flush();
    expect(server.received).toEqual([]);
    const row = await outboxRow(ctx, email);
    expect(row).toMatchObject({ status: "pending", attempts: 1, sentAt: null });
    expect(row.lastError).toMatch(/certificate/i);
    expect(await watched(ctx)).toMatchObject({ pending: 1, retrying: 1, failed: 1, sent: 0 });
  });

  it("with a wrong password: the send fails (535) without failing the request, nothing is delivered, and the message waits for its retry", async () => {
    const server = await sink({ tls, auth: { user: SMTP_USER, pass: SMTP_PASS } });
    const ctx = await app({
      SMTP_URL: smtpUrl(server.port, `${encodeURIComponent(SMTP_USER)}:wrong@`),
      SMTP_CA_FILE: cert.certFile,
    });
    const email = await register(ctx);
    await mailer(ctx).flush();
    const row = await outboxRow(ctx, email);
    expect(row).toMatchObject({ status: "pending", attempts: 1 });
    expect(row.lastError).toMatch(/535|Invalid login/);
    expect(row.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 20_000);
    expect(server.received).toEqual([]);
    expect(await watched(ctx)).toMatchObject({ pending: 1, retrying: 1, failed: 1 });
  });
});

describe("an SMTP server that refuses", () => {
  it("550 on every recipient: each try fails without failing a request, and after the 8th the message is given up and erased", async () => {
    const server = await sink({ refuseRecipient: { code: 550, message: "Mailbox unavailable" } });
    const ctx = await app({ SMTP_URL: smtpUrl(server.port, "") });
    const email = await register(ctx);
    await mailer(ctx).flush();
    const first = await outboxRow(ctx, email);
    expect(first).toMatchObject({ status: "pending", attempts: 1 });
    expect(first.lastError).toMatch(/550/);
    expect(await watched(ctx)).toMatchObject({ pending: 1, retrying: 1, givenUp: 0, failed: 1 });

    for (let i = 2; i <= 8; i++) await retryNow(ctx, email);
    expect(server.refused).toBe(8);
    const last = await outboxRow(ctx, email);
    expect(last).toMatchObject({ status: "failed", attempts: 8, subject: "", text: "", html: "" });
    expect(await watched(ctx)).toMatchObject({
      pending: 0,
      retrying: 0,
      givenUp: 1,
      failed: 8,
      sent: 0,
    });
    // a given-up message is not tried again
    await retryNow(ctx, email);
    expect(server.refused).toBe(8);
  });

  it("421 at the greeting (busy, try later): the message stays in the backlog and is retried with backoff", async () => {
    const server = await sink({
      refuseConnect: { code: 421, message: "Too busy, try again later" },
    });
    const ctx = await app({ SMTP_URL: smtpUrl(server.port, "") });
    const email = await register(ctx);
    await mailer(ctx).flush();
    const row = await outboxRow(ctx, email);
    expect(row).toMatchObject({ status: "pending", attempts: 1, sentAt: null });
    expect(row.lastError).toMatch(/421/);
    expect(row.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 20_000);
    await mailer(ctx).flush();
    expect(server.refused).toBe(1); // not due yet: no second try
    expect(await watched(ctx)).toMatchObject({ pending: 1, retrying: 1, failed: 1 });
  });
});

describe("no SMTP server at all", () => {
  it("connection refused: requests succeed, the backlog and the failures show it, and it drains once a server listens", async () => {
    const port = await freePort();
    const ctx = await app({ SMTP_URL: smtpUrl(port, "") });
    const emails = [await register(ctx), await register(ctx)];
    await mailer(ctx).flush();
    for (const email of emails)
      expect((await outboxRow(ctx, email)).lastError).toMatch(/ECONNREFUSED|connect/i);
    expect(await watched(ctx)).toMatchObject({ pending: 2, retrying: 2, failed: 2, sent: 0 });
    const health = await new TestClient(ctx).json<{ status: string }>("GET", "/api/health");
    expect(health).toMatchObject({ status: 200, body: { status: "ok" } });

    const server = await startSmtpSink(port);
    cleanups.push(() => server.close());
    for (const email of emails) await retryNow(ctx, email);
    expect(server.received.map((m) => m.to[0]).sort()).toEqual([...emails].sort());
    expect(await watched(ctx)).toMatchObject({ pending: 0, retrying: 0, failed: 2, sent: 2 });
  });
});
