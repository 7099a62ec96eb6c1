import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp, type App } from "../app.js";
import {
  APP_URL,
  TestClient,
  buildUser,
  createTestContext,
  uniqueEmail,
  type TestContext,
} from "../../test/harness.js";
import { listOutbox } from "../mail/outbox.js";

let ctx: TestContext;
let withWeb: App;
const webDist = path.join(import.meta.dirname, "..", "..", ".tmp", `web-${randomUUID()}`);
beforeAll(async () => {
  mkdirSync(path.join(webDist, "assets"), { recursive: true });
  writeFileSync(path.join(webDist, "index.html"), "<!doctype html><title>Legacy Vault</title>");
  writeFileSync(path.join(webDist, "assets", "app-abc123.js"), "console.log('app')");
  writeFileSync(path.join(webDist, "start-app.js"), "console.log('start')");
  ctx = await createTestContext();
  withWeb = createApp(ctx.services.deps, { webDist });
});
afterAll(async () => {
  await ctx.close();
  rmSync(webDist, { recursive: true, force: true });
});

/** What every response carries, a page or not (SECURITY.md, Data). */
function expectEveryResponseHeaders(res: Response, label: string) {
  expect(res.headers.get("x-content-type-options"), label).toBe("nosniff");
  expect(res.headers.get("referrer-policy"), label).toBe("no-referrer");
}

/** An HTML page: the app's policy, and the headers that act on documents only. */
function expectDocumentHeaders(res: Response, label: string) {
  expectEveryResponseHeaders(res, label);
  expect(res.headers.get("content-type"), label).toMatch(/^text\/html/);
  const csp = res.headers.get("content-security-policy") ?? "";
  expect(csp, label).toContain("default-src 'self'");
  expect(csp, label).toContain("script-src 'self'");
  expect(csp, label).toContain("object-src 'none'");
  expect(csp, label).toContain("frame-ancestors 'none'");
  expect(csp, label).toContain("frame-src blob:;");
  expect(csp, label).not.toContain("unsafe-eval");
  expect(res.headers.get("x-frame-options"), label).toBe("DENY");
  expect(res.headers.get("cross-origin-opener-policy"), label).toBe("same-origin");
}

/**
 * Anything else (scripts, JSON, errors): a policy that loads, runs and frames nothing, and nothing
 * that acts on documents only (decision 077: every first visit's budget counts these headers).
 */
function expectResourceHeaders(res: Response, label: string) {
  expectEveryResponseHeaders(res, label);
  expect(res.headers.get("content-type") ?? "", label).not.toMatch(/html/);
  expect(res.headers.get("content-security-policy"), label).toBe(
    "default-src 'none'; frame-ancestors 'none'",
  );
  expect(res.headers.get("x-frame-options"), label).toBeNull();
  expect(res.headers.get("cross-origin-opener-policy"), label).toBeNull();
}

const request = (app: App, urlPath: string, init: RequestInit = {}) =>
  app.request(urlPath, init, { incoming: { socket: { remoteAddress: "10.9.8.7" } } });

describe("security headers", () => {
  it("every API response, success or error, carries them and Cache-Control: no-store", async () => {
    const client = new TestClient(ctx);
    const responses: [string, Response][] = [
      ["health", await client.get("/api/health")],
      ["401", await client.get("/api/me")],
      ["404", await client.get("/api/no-such-route")],
      ["better-auth 200", await client.get("/api/auth/get-session")],
      [
        "better-auth 401",
        await client.request("POST", "/api/auth/sign-in/email", {
          email: uniqueEmail(),
          password: "Wrong-Password-1",
        }),
      ],
      [
        "validation 400",
        await client.request("POST", "/api/register", { name: "", email: "nope", password: "x" }),
      ],
    ];
    for (const [label, res] of responses) {
      expectResourceHeaders(res, label);
      expect(res.headers.get("cache-control"), label).toBe("no-store");
    }
  });

  it("the web app's pages carry the page policy; its files, unknown paths and the dev mailbox the strict one", async () => {
    const pages: [string, Response][] = [
      ["index", await request(withWeb, "/")],
      ["client route", await request(withWeb, "/dashboard")],
      ["HEAD of a page", await request(withWeb, "/login", { method: "HEAD" })],
    ];
    const files: [string, Response][] = [
      ["asset", await request(withWeb, "/assets/app-abc123.js")],
      ["public script", await request(withWeb, "/start-app.js")],
      ["missing asset", await request(withWeb, "/assets/gone-abc123.js")],
      ["no web build", await request(ctx.app, "/login")],
      ["dev mailbox 404", await request(ctx.app, "/dev/mailbox")],
    ];
    for (const [label, res] of pages) {
      expect(res.status, label).toBe(200);
      expectDocumentHeaders(res, label);
    }
    expect(files[0]?.[1].status).toBe(200);
    expect(files[1]?.[1].status).toBe(200);
    expect(files[2]?.[1].status).toBe(404);
    for (const [label, res] of files) expectResourceHeaders(res, label);
  });
});

describe("cross-site requests", () => {
  it("a POST without the app's Origin is refused and changes nothing", async () => {
    const email = uniqueEmail();
    const body = JSON.stringify({ name: "Cross Site", email, password: "Saffron-Tunnel-19" });
    const headers = { "content-type": "application/json" };
    const origins: Record<string, string>[] = [
      {},
      { origin: "https://evil.example" },
      { origin: "null" },
      { origin: `${APP_URL}.evil.example` },
    ];
    for (const extra of origins) {
      const res = await request(ctx.app, "/api/register", {
        method: "POST",
        body,
        headers: { ...headers, ...extra },
      });
      expect(res.status, JSON.stringify(extra)).toBe(400);
      expect(((await res.json()) as { error: { message: string } }).error.message).toBe(
        "Cross-site request refused",
      );
    }
    expect((await listOutbox(ctx.services.deps.db, 1000)).some((m) => m.to === email)).toBe(false);
  });

  it("a signed-in user's session cannot be used cross-site to change the profile or sign out", async () => {
    const { client, name } = await buildUser(ctx);
    const cookie = client.cookieHeader();
    for (const [method, urlPath] of [
      ["PATCH", "/api/profile"],
      ["POST", "/api/auth/sign-out"],
    ] as const) {
      const res = await request(ctx.app, urlPath, {
        method,
        body: JSON.stringify({ name: "Changed Cross Site", phone: null, address: null }),
        headers: { "content-type": "application/json", origin: "https://evil.example", cookie },
      });
      expect(res.status, urlPath).toBe(400);
    }
    const me = await client.json<{ user: { name: string } }>("GET", "/api/me");
    expect(me).toMatchObject({ status: 200, body: { user: { name } } });
  });
});
