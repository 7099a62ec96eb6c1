import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInFailures, timers } from "../db/schema/index.js";
import { accountKey } from "../rate-limit/accounts.js";
import {
  TestClient,
  buildUser,
  createTestContext,
  lastMailTo,
  uniqueEmail,
  type TestContext,
} from "../../test/harness.js";
import { sampleLabels, sampleValue } from "../../test/prometheus.js";
import { metricsApp } from "./routes.js";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

/** A scrape of the metrics listener (what server/main.ts serves on 127.0.0.1:METRICS_PORT). */
async function scrape(c: TestContext = ctx): Promise<string> {
  const res = await metricsApp(c.services.deps.metrics).request("/metrics");
  expect(res.status).toBe(200);
  return res.text();
}

const requests = (text: string, labels: Record<string, string>) =>
  sampleValue(text, "legacy_vault_http_requests_total", labels) ?? 0;
const signIns = (text: string, outcome: string) =>
  sampleValue(text, "legacy_vault_sign_ins_total", { step: "password", outcome }) ?? 0;

describe("GET /metrics", () => {
  it("is not served by the public app, with or without credentials of any kind", async () => {
    const client = new TestClient(ctx, "127.0.0.1");
    for (const path of ["/metrics", "/api/metrics"]) {
      const res = await client.request("GET", path, undefined, {
        authorization: "Bearer anything",
      });
      expect(res.status, path).toBe(404);
      expect(await res.text(), path).not.toContain("legacy_vault_");
    }
  });

  it("the metrics listener serves Prometheus' text format with every named series, and nothing else", async () => {
    const res = await metricsApp(ctx.services.deps.metrics).request("/metrics");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/plain; version=0.0.4; charset=utf-8");
    const text = await res.text();
    for (const name of [
      "legacy_vault_http_requests_total",
      "legacy_vault_http_request_duration_seconds",
      "legacy_vault_sign_ins_total",
      "legacy_vault_mail_send_attempts_total",
      "legacy_vault_mail_outbox_pending",
      "legacy_vault_mail_outbox_retrying",
      "legacy_vault_mail_outbox_failed",
      "legacy_vault_mail_outbox_oldest_pending_seconds",
      "legacy_vault_release_timers_due",
      "legacy_vault_release_timers_failing",
      "legacy_vault_database_up",
      "legacy_vault_database_ping_seconds",
    ]) {
      expect(text, name).toMatch(new RegExp(`^# HELP ${name} \\S.*$`, "m"));
      expect(text, name).toMatch(new RegExp(`^# TYPE ${name} (counter|gauge|histogram)$`, "m"));
    }
    const { kind } = ctx.services.deps.database;
    expect(sampleValue(text, "legacy_vault_database_up", { kind })).toBe(1);
    // the pool is node-postgres'; PGlite has none
    const pool = sampleValue(text, "legacy_vault_database_pool_clients");
    if (kind === "postgres") {
      expect(pool).toBeGreaterThanOrEqual(1);
      expect(sampleValue(text, "legacy_vault_database_pool_idle_clients")).toBeGreaterThanOrEqual(
        0,
      );
      expect(sampleValue(text, "legacy_vault_database_pool_waiting_requests")).toBe(0);
    } else expect(pool).toBeUndefined();

    for (const path of ["/", "/api/health", "/metrics/x"])
      expect((await metricsApp(ctx.services.deps.metrics).request(path)).status, path).toBe(404);
    expect(
      (await metricsApp(ctx.services.deps.metrics).request("/metrics", { method: "POST" })).status,
    ).toBe(404);
  });

  it("counts requests by route pattern (never the path with its ids) and status, and times them", async () => {
    const user = await buildUser(ctx);
    const before = await scrape();
    const health = { method: "GET", route: "/api/health", status: "200" };
    const missingAsset = { method: "GET", route: "/api/assets/:id", status: "404" };
    const ids = [crypto.randomUUID(), crypto.randomUUID()];
    expect((await user.client.get("/api/health")).status).toBe(200);
    for (const id of ids) expect((await user.client.get(`/api/assets/${id}`)).status).toBe(404);
    expect((await user.client.get("/api/no-such-route")).status).toBe(404);

    const after = await scrape();
    expect(requests(after, health) - requests(before, health)).toBe(1);
    expect(requests(after, missingAsset) - requests(before, missingAsset)).toBe(2);
    const unknown = { method: "GET", route: "/api/*", status: "404" };
    expect(requests(after, unknown) - requests(before, unknown)).toBe(1);
    const routes = sampleLabels(after, "legacy_vault_http_requests_total").map(
      (l) => l.route ?? "",
    );
    for (const id of ids) expect(routes.join(" ")).not.toContain(id);
    expect(routes).toContain("/api/me");

    const count = (text: string) =>
      sampleValue(text, "legacy_vault_http_request_duration_seconds_count", health) ?? 0;
    const inf = (text: string) =>
      sampleValue(text, "legacy_vault_http_request_duration_seconds_bucket", {
        ...health,
        le: "+Inf",
      }) ?? 0;
    expect(count(after) - count(before)).toBe(1);
    expect(inf(after) - inf(before)).toBe(1);
    expect(
      sampleValue(after, "legacy_vault_http_request_duration_seconds_sum", health),
    ).toBeGreaterThan(0);
  });

  it("counts sign-ins by outcome: a failure, a success, an unconfirmed account, and a refusal by the limits", async () => {
    const user = await buildUser(ctx);
    const before = await scrape();
    const stranger = new TestClient(ctx);
    expect(
      (
        await stranger.post("/api/auth/sign-in/email", {
          email: user.email,
          password: "Wrong-Password-1",
        })
      ).status,
    ).toBe(401);
    expect(
      (
        await stranger.post("/api/auth/sign-in/email", {
          email: user.email,
          password: user.password,
        })
      ).status,
    ).toBe(200);
    const unconfirmed = uniqueEmail();
    expect(
      (
        await stranger.post("/api/register", {
          name: "Una Unconfirmed",
          email: unconfirmed,
          password: user.password,
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await stranger.post("/api/auth/sign-in/email", {
          email: unconfirmed,
          password: user.password,
        })
      ).status,
    ).toBe(403);
    // five failures from one address for one account, then that address waits (docs/decisions/017)
    const guesser = new TestClient(ctx);
    for (let i = 0; i < 5; i++)
      expect(
        (
          await guesser.post("/api/auth/sign-in/email", {
            email: user.email,
            password: `Wrong-Password-${i}`,
          })
        ).status,
      ).toBe(401);
    expect(
      (
        await guesser.post("/api/auth/sign-in/email", {
          email: user.email,
          password: user.password,
        })
      ).status,
    ).toBe(429);

    const after = await scrape();
    expect(signIns(after, "failure") - signIns(before, "failure")).toBe(6);
    expect(signIns(after, "success") - signIns(before, "success")).toBe(1);
    expect(signIns(after, "unconfirmed") - signIns(before, "unconfirmed")).toBe(1);
    expect(signIns(after, "limited") - signIns(before, "limited")).toBe(1);
    expect(signIns(after, "locked") - signIns(before, "locked")).toBe(0);
    const signInRoute = { method: "POST", route: "/api/auth/*", status: "401" };
    expect(requests(after, signInRoute) - requests(before, signInRoute)).toBe(6);
  });

  it("counts a sign-in refused by the lock after 100 consecutive failures as locked, not limited", async () => {
    const user = await buildUser(ctx);
    // the account as the lockout leaves it after its 100th failure (server/rate-limit/sign-in-lockout.ts)
    const longAgo = ctx.services.deps.clock.now().getTime() - 86_400_000;
    await ctx.services.deps.db.insert(signInFailures).values({
      accountKey: accountKey(user.email),
      failures: 100,
      lastFailureAt: longAgo,
      burstStartedAt: longAgo,
      notifiedAt: longAgo,
    });
    const before = await scrape();
    const res = await new TestClient(ctx).post("/api/auth/sign-in/email", {
      email: user.email,
      password: user.password,
    });
    expect(res.status).toBe(429);
    expect(res.headers.has("retry-after")).toBe(false);
    const after = await scrape();
    expect(signIns(after, "locked") - signIns(before, "locked")).toBe(1);
    expect(signIns(after, "limited") - signIns(before, "limited")).toBe(0);
  });

  it("counts the second factor apart: a code asked for, a wrong code and a right one (turning codes on is no sign-in)", async () => {
    const user = await buildUser(ctx);
    const step = (text: string, outcome: string) =>
      sampleValue(text, "legacy_vault_sign_ins_total", { step: "second_factor", outcome }) ?? 0;
    const before = await scrape();
    expect((await user.client.post("/api/auth/two-factor/send-otp", {})).status).toBe(200);
    const enableCode = (await lastMailTo(ctx, user.email)).text.match(/^(\d{6})$/m)?.[1];
    expect(
      (await user.client.post("/api/auth/two-factor/verify-otp", { code: enableCode })).status,
    ).toBe(200);

    const client = new TestClient(ctx);
    const signIn = await client.json<{ twoFactorRedirect?: boolean }>(
      "POST",
      "/api/auth/sign-in/email",
      { email: user.email, password: user.password },
    );
    expect(signIn.body.twoFactorRedirect).toBe(true);
    expect((await client.post("/api/auth/two-factor/send-otp", {})).status).toBe(200);
    const code = (await lastMailTo(ctx, user.email)).text.match(/^(\d{6})$/m)?.[1] ?? "";
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
    expect((await client.post("/api/auth/two-factor/verify-otp", { code: wrong })).status).toBe(
      401,
    );
    expect((await client.post("/api/auth/two-factor/verify-otp", { code })).status).toBe(200);
    expect(client.hasSession()).toBe(true);

    const after = await scrape();
    expect(
      signIns(after, "second_factor_required") - signIns(before, "second_factor_required"),
    ).toBe(1);
    expect(signIns(after, "success") - signIns(before, "success")).toBe(0);
    expect(step(after, "failure") - step(before, "failure")).toBe(1);
    expect(step(after, "success") - step(before, "success")).toBe(1); // not 2: turning codes on was no sign-in
  });

  it("the outbox backlog gauge counts a message waiting to go out", async () => {
    const before = sampleValue(await scrape(), "legacy_vault_mail_outbox_pending") ?? -1;
    expect(before).toBeGreaterThanOrEqual(0);
    // no SMTP_URL here: the confirmation e-mail stays in the outbox (the dev mailbox reads it there)
    expect(
      (
        await new TestClient(ctx).post("/api/register", {
          name: "Pat Pending",
          email: uniqueEmail(),
          password: "Copper-Orchard-31",
        })
      ).status,
    ).toBe(200);
    const after = await scrape();
    expect(sampleValue(after, "legacy_vault_mail_outbox_pending")).toBe(before + 1);
    expect(
      sampleValue(after, "legacy_vault_mail_outbox_oldest_pending_seconds"),
    ).toBeGreaterThanOrEqual(0);
  });

  it("the due-timers gauge counts a release timer whose time has come and that has not run", async () => {
    const user = await buildUser(ctx);
    const before = await scrape();
    const { db, clock } = ctx.services.deps;
    const past = new Date(clock.now().getTime() - 60_000);
    const future = new Date(clock.now().getTime() + 86_400_000);
    await db.insert(timers).values([
      { kind: "inactivity_reminder", userId: user.id, dueAt: past },
      { kind: "inactivity_reminder", userId: user.id, dueAt: future, attempts: 2 },
    ]);
    const after = await scrape();
    const due = (text: string) => sampleValue(text, "legacy_vault_release_timers_due") ?? -1;
    const failing = (text: string) =>
      sampleValue(text, "legacy_vault_release_timers_failing") ?? -1;
    expect(due(after) - due(before)).toBe(1);
    expect(failing(after) - failing(before)).toBe(1);
  });
});

describe("GET /metrics while the database is gone", () => {
  it("reports the engine down and leaves out the gauges it reads from the database, instead of failing the scrape", async () => {
    const gone = await createTestContext();
    const { kind } = gone.services.deps.database;
    expect(sampleValue(await scrape(gone), "legacy_vault_database_up", { kind })).toBe(1);
    await gone.close();
    const text = await scrape(gone);
    expect(sampleValue(text, "legacy_vault_database_up", { kind })).toBe(0);
    expect(sampleValue(text, "legacy_vault_mail_outbox_pending")).toBeUndefined();
    expect(sampleValue(text, "legacy_vault_release_timers_due")).toBeUndefined();
  });
});
