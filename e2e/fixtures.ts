import { randomUUID } from "node:crypto";
import { mkdirSync } from "node:fs";
import { request as httpRequest } from "node:http";
import path from "node:path";
import type { Browser, Locator, Page } from "playwright-core";
import { inject } from "vitest";
import { randomLoopbackAddress, startAddressProxy } from "./address-proxy.js";
import { launchBrowser } from "./chromium.js";

export { expectNoAxeViolations } from "./axe.js";
export { launchBrowser };

export const DESKTOP = { width: 1280, height: 800 };
export const MOBILE = { width: 360, height: 740 };
export const GOOD_PASSWORD = "Tangerine-Harbour-42";
const SCREENSHOTS = path.join(import.meta.dirname, "..", "test-results", "screenshots");

/** The origin of the server that e2e/global-setup.ts started (APP_URL). */
export const appUrl = (): string => inject("appUrl");

// ---- Browser and pages -------------------------------------------------------------------

let browser: Promise<Browser> | undefined;
type Tracked = { page: Page; errors: string[] };
const open: Tracked[] = [];

/**
 * A page in a fresh browser context (its own cookies, and its own loopback `address` through
 * e2e/address-proxy.ts) at `viewport`. Uncaught page errors and console errors are collected
 * and fail the test (e2e/setup.ts), except the browser's own "Failed to load resource" notes
 * for API answers that the screens handle (401, 400...).
 */
export async function newPage(
  viewport = DESKTOP,
  address = randomLoopbackAddress(),
): Promise<Page> {
  browser ??= launchBrowser();
  const proxy = await startAddressProxy(new URL(appUrl()), address);
  const context = await (
    await browser
  ).newContext({ baseURL: appUrl(), viewport, proxy: { server: proxy.server } });
  context.on("close", () => void proxy.close());
  const page = await context.newPage();
  const tracked: Tracked = { page, errors: [] };
  page.on("pageerror", (err) => tracked.errors.push(`page error: ${err.message}`));
  page.on("console", (msg) => {
    if (msg.type() !== "error") return;
    if (
      msg.text().startsWith("Failed to load resource") &&
      new URL(msg.location().url, appUrl()).pathname.startsWith("/api/")
    )
      return;
    tracked.errors.push(`console.error on ${new URL(page.url()).pathname}: ${msg.text()}`);
  });
  open.push(tracked);
  return page;
}

/** The pages this test opened, with their unexpected errors; e2e/setup.ts closes them after each test. */
export function takeOpenPages(): { page: Page; errors: string[] }[] {
  return open.splice(0);
}

export async function closeBrowser(): Promise<void> {
  const closing = browser;
  browser = undefined;
  await (await closing)?.close();
}

/** Waits for the app to finish loading: network quiet and no 'Loading...' placeholder. */
export async function settle(page: Page): Promise<void> {
  await page.waitForLoadState("networkidle");
  await page
    .getByRole("status")
    .filter({ hasText: /^Loading\.\.\.$/ })
    .first()
    .waitFor({ state: "hidden" });
}

/** Full-page PNG in test-results/screenshots/<name>-<width>.png. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const file = path.join(SCREENSHOTS, `${name}-${page.viewportSize()?.width ?? 0}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/** Waits until the page (or part of it) shows `text`: a substring, case-insensitive, unless `exact`. Fails naming the text and the path. */
export async function expectText(
  scope: Page | Locator,
  text: string | RegExp,
  options: { exact?: boolean; timeout?: number } = {},
): Promise<void> {
  const timeout = options.timeout ?? 10_000;
  try {
    await scope
      .getByText(text, { exact: options.exact })
      .first()
      .waitFor({ state: "visible", timeout });
  } catch {
    const page = "goto" in scope ? scope : scope.page();
    throw new Error(
      `Expected the text ${JSON.stringify(String(text))} on ${new URL(page.url()).pathname} within ${timeout} ms`,
    );
  }
}

/** Fails when the page shows `text` now (after the caller waited for the state to settle). */
export async function expectNoText(page: Page, text: string | RegExp): Promise<void> {
  const count = await page.getByText(text).filter({ visible: true }).count();
  if (count)
    throw new Error(
      `Did not expect the text ${JSON.stringify(String(text))} on ${new URL(page.url()).pathname}`,
    );
}

/** Waits until the browser is at `pathname`; fails naming where it is instead. */
export async function expectPath(page: Page, pathname: string, timeout = 10_000): Promise<void> {
  try {
    await page.waitForURL((url) => url.pathname === pathname, { timeout });
  } catch {
    throw new Error(
      `Expected to be at ${pathname} within ${timeout} ms, but the page is at ${new URL(page.url()).pathname}`,
    );
  }
}

/** Signs in through the /login screen and waits for the server's answer (not for where it leads). */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  if (new URL(page.url()).pathname !== "/login") await page.goto("/login");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await Promise.all([
    page.waitForResponse((r) => r.url().endsWith("/api/auth/sign-in/email"), { timeout: 10_000 }),
    page.getByRole("button", { name: /^sign in$/i }).click(),
  ]);
}

// ---- The development mailbox (GET /dev/mailbox.json) -------------------------------------

export type Mail = { id: number; to: string; subject: string; text: string; createdAt: string };

/** The newest message to `email` (newer than message id `after`), waiting up to 10 s for it. */
export async function latestMailTo(
  email: string,
  options: { after?: number; subject?: RegExp } = {},
): Promise<Mail> {
  const deadline = Date.now() + 10_000;
  let seen: Mail[] = [];
  while (Date.now() < deadline) {
    const { body } = await apiRequest<{ messages: Mail[] }>(
      "GET",
      "/dev/mailbox.json",
      undefined,
      "127.0.0.1",
    );
    seen = body.messages.filter((m) => m.to === email.toLowerCase());
    const mail = seen.find(
      (m) => m.id > (options.after ?? 0) && (!options.subject || options.subject.test(m.subject)),
    );
    if (mail) return mail;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(
    `No mail to ${email}${options.subject ? ` with a subject like ${options.subject}` : ""} within 10 s; its mail: ${JSON.stringify(seen.map((m) => m.subject))}`,
  );
}

/** The first link in `mail` whose URL contains `pathPart`. */
export function linkFrom(mail: Mail, pathPart: string): URL {
  const url = mail.text.match(/https?:\/\/\S+/g)?.find((u) => u.includes(pathPart));
  if (!url)
    throw new Error(`No ${pathPart} link in "${mail.subject}" to ${mail.to}:\n${mail.text}`);
  return new URL(url);
}

/** The six-digit verification code in `mail`. */
export function codeFrom(mail: Mail): string {
  const code = (mail.subject + "\n" + mail.text).match(/\b\d{6}\b/)?.[0];
  if (!code) throw new Error(`No six-digit code in "${mail.subject}" to ${mail.to}`);
  return code;
}

// ---- Signed-in pages ------------------------------------------------------------------------

/** A fresh page signed in as `user` (clipboard allowed, for the copy buttons), settled on /dashboard. */
export async function signedInPage(
  user: TestUser,
  viewport?: { width: number; height: number },
): Promise<Page> {
  const page = await newPage(viewport);
  await page
    .context()
    .grantPermissions(["clipboard-read", "clipboard-write"], { origin: appUrl() });
  await signIn(page, user.email, user.password);
  await expectPath(page, "/dashboard");
  await settle(page);
  return page;
}

/** Goes to `path` and waits until the screen has settled. */
export async function openPath(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await settle(page);
}

/** A same-origin API call with the page's session cookie (state-changing calls need the app's Origin). */
export async function apiAsUser<T>(
  page: Page,
  method: "GET" | "POST" | "PUT" | "PATCH",
  path: string,
  data?: unknown,
): Promise<{ status: number; body: T }> {
  const res = await page.request.fetch(path, { method, data, headers: { origin: appUrl() } });
  return { status: res.status(), body: (await res.json()) as T };
}

/**
 * Moves the server's release clock forward (TEST_CLOCK=1) and runs the timers that became due,
 * as the minute scheduler would. The clock is the server's: journeys after this one see it moved.
 */
export async function advanceReleaseClock(ms: number): Promise<{ now: string; ran: number }> {
  const res = await apiRequest<{ now: string; ran: number }>(
    "POST",
    "/dev/clock",
    { advanceMs: ms },
    "127.0.0.1",
  );
  if (res.status !== 200)
    throw new Error(`POST /dev/clock answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body;
}

// ---- API helpers: people set up without clicking through the screens ---------------------

export function uniqueEmail(prefix = "user"): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
}

export type TestUser = { name: string; email: string; password: string };

/** POST /api/register, as the web app would (Origin = APP_URL). The account is not confirmed yet. */
export async function registerUser(overrides: Partial<TestUser> = {}): Promise<TestUser> {
  const user = {
    name: overrides.name ?? "Test User",
    email: overrides.email ?? uniqueEmail(),
    password: overrides.password ?? GOOD_PASSWORD,
  };
  const res = await apiRequest("POST", "/api/register", user);
  if (res.status !== 200)
    throw new Error(
      `registerUser: POST /api/register answered ${res.status}: ${JSON.stringify(res.body)}`,
    );
  return user;
}

/** Opens the confirmation link mailed to `email` (GET /api/auth/verify-email?token=...). */
export async function confirmUser(email: string): Promise<void> {
  const link = linkFrom(await latestMailTo(email, { subject: /confirm/i }), "/auth/callback");
  const res = await apiRequest(
    "GET",
    `/api/auth/verify-email?token=${encodeURIComponent(link.searchParams.get("code") ?? "")}`,
  );
  if (res.status !== 200)
    throw new Error(
      `confirmUser: verify-email answered ${res.status}: ${JSON.stringify(res.body)}`,
    );
}

/** A registered, confirmed regular_user. */
export async function buildUser(overrides: Partial<TestUser> = {}): Promise<TestUser> {
  const user = await registerUser(overrides);
  await confirmUser(user.email);
  return user;
}

/**
 * One HTTP request to the e2e server. The server rate-limits per client address; the helpers
 * stand for many different people, so each request comes from its own loopback address
 * (127.x.y.z) unless `from` is given.
 */
export function apiRequest<T = unknown>(
  method: string,
  pathname: string,
  body?: unknown,
  from?: string,
): Promise<{ status: number; body: T }> {
  const url = new URL(pathname, appUrl());
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const headers: Record<string, string> = { origin: appUrl(), host: url.host };
  if (payload !== undefined) headers["content-type"] = "application/json";
  const localAddress = from ?? randomLoopbackAddress();
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: "127.0.0.1",
        port: url.port,
        path: url.pathname + url.search,
        method,
        headers,
        localAddress,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          const text = Buffer.concat(chunks).toString("utf8");
          let parsed: unknown = text;
          try {
            parsed = text ? JSON.parse(text) : undefined;
          } catch {
            /* not JSON: keep the text */
          }
          resolve({ status: res.statusCode ?? 0, body: parsed as T });
        });
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(payload);
  });
}
