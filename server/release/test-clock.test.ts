import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestClient, createTestContext, type TestContext } from "../../test/harness.js";
import { startSmtpSink } from "../../test/smtp-sink.js";
import { createApp } from "../app.js";
import { parseEnv } from "../env.js";
import { createOffsetClock } from "../clock.js";

const HOUR_MS = 3_600_000;

/** The app as server/main.ts builds it with TEST_CLOCK=1: the test clock mounted at /dev/clock. */
async function contextWithTestClock(overrides: Record<string, string>) {
  const clock = createOffsetClock();
  const ctx = await createTestContext({ TEST_CLOCK: "1", ...overrides }, { clock });
  return {
    ctx: {
      ...ctx,
      app: createApp(ctx.services.deps, { webDist: "/nonexistent", testClock: clock }),
    },
    clock,
  };
}

describe("POST /dev/clock (TEST_CLOCK=1) with SMTP_URL set", () => {
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let ctx: TestContext;
  let clock: ReturnType<typeof createOffsetClock>;
  beforeAll(async () => {
    sink = await startSmtpSink();
    ({ ctx, clock } = await contextWithTestClock({ SMTP_URL: `smtp://127.0.0.1:${sink.port}` }));
  });
  afterAll(async () => {
    await ctx.close();
    await sink.close();
  });

  it("moves the release clock forward for a request from this machine, as documented", async () => {
    const before = clock.now().getTime();
    for (const ip of ["127.0.0.1", "::1"]) {
      const res = await new TestClient(ctx, ip).json<{ now: string; ran: number }>(
        "POST",
        "/dev/clock",
        { advanceMs: HOUR_MS },
      );
      expect(res.status, ip).toBe(200);
      expect(res.body.ran, ip).toBe(0);
    }
    expect(clock.now().getTime() - before).toBeGreaterThanOrEqual(2 * HOUR_MS);
  });

  it("answers 404 to any other address and leaves the clock alone", async () => {
    const before = clock.now().getTime();
    for (const ip of ["10.1.2.3", "192.168.1.20", "8.8.8.8"]) {
      expect(
        (await new TestClient(ctx, ip).post("/dev/clock", { advanceMs: HOUR_MS })).status,
        ip,
      ).toBe(404);
    }
    expect(clock.now().getTime() - before).toBeLessThan(HOUR_MS);
  });

  it("answers 404 to a request relayed by a reverse proxy on this machine, and leaves the clock alone", async () => {
    const before = clock.now().getTime();
    const local = new TestClient(ctx, "127.0.0.1");
    const relayed: Record<string, string>[] = [
      { "x-forwarded-for": "203.0.113.9" },
      { forwarded: "for=203.0.113.9" },
      { "x-real-ip": "203.0.113.9" },
    ];
    for (const header of relayed) {
      expect(
        (await local.request("POST", "/dev/clock", { advanceMs: HOUR_MS }, header)).status,
        JSON.stringify(header),
      ).toBe(404);
    }
    expect(clock.now().getTime() - before).toBeLessThan(HOUR_MS);
  });

  it("refuses a cross-origin POST (a web page in the developer's browser) and a body not sent as JSON, and leaves the clock alone", async () => {
    const before = clock.now().getTime();
    const local = new TestClient(ctx, "127.0.0.1");
    const body = JSON.stringify({ advanceMs: HOUR_MS });
    const crossSite = await local.send("POST", "/dev/clock", body, {
      "content-type": "application/json",
      origin: "https://evil.example",
    });
    expect(crossSite.status).toBe(400);
    expect(((await crossSite.json()) as { error: { message: string } }).error.message).toBe(
      "Cross-site request refused",
    );
    const noOrigin = await local.send("POST", "/dev/clock", body, {
      "content-type": "application/json",
      origin: "",
    });
    expect(noOrigin.status).toBe(400);
    for (const type of [
      "text/plain",
      "application/x-www-form-urlencoded",
      "multipart/form-data; boundary=x",
    ]) {
      expect(
        (await local.send("POST", "/dev/clock", body, { "content-type": type })).status,
        type,
      ).toBe(415);
    }
    expect(clock.now().getTime() - before).toBeLessThan(HOUR_MS);
  });

  it("the development mailbox still does not exist, even for this machine", async () => {
    const local = new TestClient(ctx, "127.0.0.1");
    for (const path of ["/dev/mailbox", "/dev/mailbox.json", "/dev/mailbox.css"])
      expect((await local.get(path)).status, path).toBe(404);
  });
});

describe("POST /dev/clock (TEST_CLOCK=1) with TRUST_PROXY set", () => {
  let ctx: TestContext;
  let clock: ReturnType<typeof createOffsetClock>;
  beforeAll(async () => {
    ({ ctx, clock } = await contextWithTestClock({ TRUST_PROXY: "10.9.9.9" }));
  });
  afterAll(() => ctx.close());

  it("answers 404 to a trusted proxy that names this machine as the client (X-Forwarded-For: 127.0.0.1)", async () => {
    const before = clock.now().getTime();
    const proxy = new TestClient(ctx, "10.9.9.9");
    for (const value of ["127.0.0.1", "::1"]) {
      expect(
        (
          await proxy.request(
            "POST",
            "/dev/clock",
            { advanceMs: HOUR_MS },
            { "x-forwarded-for": value },
          )
        ).status,
        value,
      ).toBe(404);
    }
    expect(clock.now().getTime() - before).toBeLessThan(HOUR_MS);
  });
});

describe("POST /dev/clock without TEST_CLOCK=1", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it("does not exist, even for this machine", async () => {
    expect(
      (await new TestClient(ctx, "127.0.0.1").post("/dev/clock", { advanceMs: HOUR_MS })).status,
    ).toBe(404);
  });

  it("cannot be turned on in production", () => {
    expect(() =>
      parseEnv({
        NODE_ENV: "production",
        TEST_CLOCK: "1",
        VAULT_MASTER_KEY: Buffer.alloc(32, 1).toString("base64"),
      }),
    ).toThrow(/TEST_CLOCK=1/);
  });
});
