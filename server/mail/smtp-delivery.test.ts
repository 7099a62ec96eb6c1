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
import { decodeQuotedPrintable, startSmtpSink } from "../../test/smtp-sink.js";

const PASSWORD = "Copper-Orchard-31";

async function outboxRow(ctx: TestContext, to: string) {
  const rows = await ctx.services.deps.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));
  const [row, ...others] = rows;
  if (!row || others.length)
    throw new Error(`expected exactly one outbox row to ${to}, found ${rows.length}`);
  return row;
}

function mailer(ctx: TestContext) {
  const m = ctx.services.mailer;
  if (!m) throw new Error("SMTP_URL is set, so there must be a mailer");
  return m;
}

describe("mail delivery over SMTP", () => {
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let ctx: TestContext;
  beforeAll(async () => {
    sink = await startSmtpSink();
    ctx = await createTestContext({
      SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
      MAIL_FROM: "Legacy Vault <vault@example.com>",
    });
  });
  afterAll(async () => {
    await ctx.close();
    await sink.close();
  });

  it("delivers the registration e-mail, with a working confirmation link, and marks the outbox row sent", async () => {
    const email = uniqueEmail();
    const client = new TestClient(ctx);
    expect(
      (await client.post("/api/register", { name: "Mia Mailed", email, password: PASSWORD }))
        .status,
    ).toBe(200);
    await mailer(ctx).flush();

    const mail = sink.received.find((m) => m.to.includes(email));
    if (!mail) throw new Error(`nothing delivered to ${email}`);
    expect(mail.to).toEqual([email]);
    expect(mail.from).toBe("vault@example.com");
    expect(mail.raw).toMatch(/^Subject: Confirm your Legacy Vault account$/m);
    const body = decodeQuotedPrintable(mail.raw);
    const link = body.match(
      /http:\/\/localhost:3999\/auth\/callback\?code=[^\s"<&]+&type=signup/,
    )?.[0];
    if (!link) throw new Error(`no confirmation link in: ${body}`);
    const code = new URL(link).searchParams.get("code");
    expect((await client.get(`/api/auth/verify-email?token=${code}`)).status).toBe(200);
    expect(client.hasSession()).toBe(true);

    const row = await outboxRow(ctx, email);
    expect(row.sentAt).toBeInstanceOf(Date);
    expect(row).toMatchObject({ attempts: 1, lastError: null });
  });

  it("with SMTP_URL set the development mailbox does not exist, even for this machine", async () => {
    expect((await new TestClient(ctx, "127.0.0.1").get("/dev/mailbox")).status).toBe(404);
    expect((await new TestClient(ctx, "127.0.0.1").get("/dev/mailbox.json")).status).toBe(404);
  });
});

describe("mail delivery when the SMTP server is down", () => {
  let port: number;
  let ctx: TestContext;
  beforeAll(async () => {
    port = await freePort();
    ctx = await createTestContext({ SMTP_URL: `smtp://127.0.0.1:${port}` });
  });
  afterAll(() => ctx.close());

  it("the request still succeeds, the send is retried later with backoff, and goes out once SMTP is back", async () => {
    const email = uniqueEmail();
    const res = await new TestClient(ctx).json("POST", "/api/register", {
      name: "Rita Retry",
      email,
      password: PASSWORD,
    });
    expect(res).toEqual({ status: 200, body: { ok: true } });
    await mailer(ctx).flush();

    const failed = await outboxRow(ctx, email);
    expect(failed).toMatchObject({ attempts: 1, sentAt: null });
    expect(failed.lastError).toMatch(/ECONNREFUSED|connect/i);
    expect(failed.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 20_000);

    await mailer(ctx).flush();
    expect((await outboxRow(ctx, email)).attempts).toBe(1); // not due yet: no second try

    const sink = await startSmtpSink(port);
    try {
      await ctx.services.deps.db
        .update(mailOutbox)
        .set({ nextAttemptAt: sql`now()` })
        .where(eq(mailOutbox.to, email));
      await mailer(ctx).flush();
      expect(sink.received.map((m) => m.to)).toContainEqual([email]);
      const sent = await outboxRow(ctx, email);
      expect(sent.sentAt).toBeInstanceOf(Date);
      expect(sent.attempts).toBe(2);
    } finally {
      await sink.close();
    }
  });
});
