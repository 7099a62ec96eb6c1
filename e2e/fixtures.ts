import { createDecipheriv, hkdfSync, pbkdf2Sync, randomUUID, webcrypto } from "node:crypto";
import { mkdirSync } from "node:fs";
import { request as httpRequest } from "node:http";
import path from "node:path";
import type { Browser, Locator, Page, Request } from "playwright-core";
import { inject } from "vitest";
import { launchBrowser } from "./chromium.js";
import { claimServer } from "./server-claim.js";
import type { DataKeyView, SignInKdfView } from "../common/keys.js";

import { animationsEnded, endlessAnimations, expectNoAxeViolations } from "./axe.js";

export { endlessAnimations, expectNoAxeViolations };
export { launchBrowser };

export const DESKTOP = { width: 1280, height: 800 };
export const MOBILE = { width: 360, height: 740 };
export const GOOD_PASSWORD = "Tangerine-Harbour-42";
const SCREENSHOTS = path.join(import.meta.dirname, "..", "test-results", "screenshots");

let claimed: { url: string; release: () => void } | undefined;

/**
 * The origin (APP_URL) of this journey file's own server, one of those e2e/global-setup.ts started,
 * claimed at its first use until the file ends (releaseServer): files that run at the same time
 * never share a server (nor its release clock).
 */
export const appUrl = (): string => {
  const urls = inject("appUrls");
  if (!urls.length) throw new Error("e2e/global-setup.ts provided no server");
  claimed ??= claimServer(
    urls,
    inject("appLocks"),
    (Number(process.env.VITEST_POOL_ID ?? 1) - 1) % urls.length,
  );
  return claimed.url;
};

/** After a journey file (e2e/setup.ts): its server is free for the next one. */
export function releaseServer(): void {
  claimed?.release();
  claimed = undefined;
}

// ---- Browser and pages -------------------------------------------------------------------

let browser: Promise<Browser> | undefined;
let isFullBrowser = false;

/**
 * This file's journeys run in Chromium's full browser rather than its headless shell (decision
 * 104): the shell has no PDF viewer, so a PDF it is shown is downloaded instead. Call at the top.
 */
export function useFullBrowser(): void {
  isFullBrowser = true;
}
type Tracked = { page: Page; errors: string[] };
const open: Tracked[] = [];

/** Per page: URLs whose failed loads the journey causes on purpose (allowFailedLoads). */
const expectedFailures = new WeakMap<Page, RegExp[]>();

/**
 * For a journey that makes a resource fail on purpose (page.route answering 404): the browser's
 * console errors about loading a URL matching `url` on `page` do not fail it.
 */
export function allowFailedLoads(page: Page, url: RegExp): void {
  expectedFailures.set(page, [...(expectedFailures.get(page) ?? []), url]);
}

/** A loopback address of its own (127.x.y.z): the server tells people apart, and rate-limits them, by address. */
export function randomLoopbackAddress(): string {
  const byte = () => 1 + Math.floor(Math.random() * 254);
  return `127.${byte()}.${byte()}.${byte()}`;
}

/**
 * The e2e servers trust the nearest hop to name the client (TRUST_PROXY=1, as behind nginx:
 * decision 024), so each browser context and each API helper call is a different person at a
 * different address: its own X-Forwarded-For. Every page on one address, the journeys together
 * would meet the per-address limits (30 sign-ins per 5 minutes).
 */
const FORWARDED_FOR = "x-forwarded-for";

/**
 * A page in a fresh browser context (its own cookies, and its own loopback `address`) at
 * `viewport`. Uncaught page errors and console errors are collected and fail the test
 * (e2e/setup.ts), except the browser's own "Failed to load resource" notes for API answers that
 * the screens handle (401, 400...).
 */
export async function newPage(
  viewport = DESKTOP,
  address = randomLoopbackAddress(),
): Promise<Page> {
  browser ??= launchBrowser({ full: isFullBrowser });
  const context = await (
    await browser
  ).newContext({ baseURL: appUrl(), viewport, extraHTTPHeaders: { [FORWARDED_FOR]: address } });
  context.on("page", watchTraffic);
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
    if (expectedFailures.get(page)?.some((url) => url.test(msg.location().url))) return;
    tracked.errors.push(`console.error on ${new URL(page.url()).pathname}: ${msg.text()}`);
  });
  open.push(tracked);
  await saveRecoveryKeyOnce(page);
  return page;
}

/** The pages whose recovery key dialog saveRecoveryKeyOnce has closed (signIn watches again). */
const recoveryKeySaved = new WeakSet<Page>();

/**
 * An account registered through the API moves over to owner-held keys at its first sign-in in a
 * browser, and is then shown its recovery key once (decision 038): saved, for journeys about
 * something else; keepRecoveryKeyDialog(page) turns this off. Once: Playwright looks for the
 * dialog before every action while the handler is on (about 7 % of a journey's CPU, measured), and
 * a person's dialog shows only at their first sign-in; signIn() watches again for the next person.
 */
async function saveRecoveryKeyOnce(page: Page): Promise<void> {
  await page.addLocatorHandler(
    recoveryKeyDialog(page),
    async (dialog) => {
      recoveryKeySaved.add(page);
      await dialog.getByRole("button", { name: "I have saved it" }).click();
    },
    { times: 1 },
  );
}

/** The recovery key shown once after moving over (web/src/components/keys/recovery-key-after-move-over.tsx). */
export const recoveryKeyDialog = (page: Page): Locator =>
  page.getByRole("dialog", { name: "Save your recovery key" });

/** For journeys about the recovery key: newPage's page no longer closes its dialog by itself. */
export const keepRecoveryKeyDialog = (page: Page): Promise<void> =>
  page.removeLocatorHandler(recoveryKeyDialog(page));

const keptForSteps = new Set<Page>();

/**
 * A journey told in steps (one `it` each, in one `describe`, sharing the story's state) keeps its
 * pages open from one step to the next: e2e/setup.ts then closes them after the file, not after
 * the step. Their unexpected errors still fail the step in which they happened.
 */
export function keepForSteps<T extends Page>(page: T): T {
  keptForSteps.add(page);
  return page;
}

/**
 * The pages this test opened, with their unexpected errors since the last call: e2e/setup.ts
 * closes them after each test, except those kept for the next steps (closed with the browser).
 */
export function takeOpenPages(): { page: Page; errors: string[]; kept: boolean }[] {
  const taken = open.map((t) => ({
    page: t.page,
    errors: t.errors.splice(0),
    kept: keptForSteps.has(t.page),
  }));
  const stay = open.filter((t) => keptForSteps.has(t.page));
  open.splice(0, open.length, ...stay);
  return taken;
}

export async function closeBrowser(): Promise<void> {
  keptForSteps.clear();
  open.splice(0);
  const closing = browser;
  browser = undefined;
  isFullBrowser = false; // the next file of this worker starts in the shell again (isolate: false)
  await (await closing)?.close();
}

/** A page's requests in flight, and a count of every start and end (to tell a quiet spell). */
type Traffic = {
  inFlight: Set<Request>;
  /** API calls answered whose body Playwright has not seen end (settle names them when it fails). */
  answered: Set<Request>;
  events: number;
  changed: () => void;
};
const traffic = new WeakMap<Page, Traffic>();

/**
 * Follows `page`'s requests as they start and end. The live-updates stream (an EventSource that
 * stays open while signed in) is not a load, so it is left out. An API call (fetch) ends with its
 * answer: its small JSON body comes with it, and Playwright sometimes never reports the end of a
 * POST's body (requestfinished) although the page has read it (seen on 201 answers).
 */
function watchTraffic(page: Page): void {
  const state: Traffic = { inFlight: new Set(), answered: new Set(), events: 0, changed: () => {} };
  traffic.set(page, state);
  page.on("request", (request) => {
    if (request.resourceType() === "eventsource") return;
    state.inFlight.add(request);
    state.events += 1;
    state.changed();
  });
  const ended = (request: Request) => {
    state.answered.delete(request);
    if (!state.inFlight.delete(request)) return;
    state.events += 1;
    state.changed();
  };
  page.on("response", (response) => {
    const request = response.request();
    if (!["fetch", "xhr"].includes(request.resourceType())) return;
    ended(request);
    state.answered.add(request);
  });
  page.on("requestfinished", ended);
  page.on("requestfailed", ended);
}

/** How long settle() waits for a page's network to go quiet before it names what is in flight and fails. */
const QUIET_WITHIN_MS = 30_000;
/** The longest a quiet spell is asked to last: requestIdleCallback's time-out on a busy page. */
const IDLE_AT_MOST_MS = 500;

/**
 * The network has gone quiet for the app: the page has loaded, none of its requests is in
 * flight, and then no request started or ended until its main thread went idle
 * (requestIdleCallback: the scripts that just arrived have run, and the requests their screens
 * start have started), or for IDLE_AT_MOST_MS on a page kept busy. Playwright's "networkidle"
 * waits 500 ms of silence after every load instead; a page this file did not open (no traffic
 * followed) still waits for it.
 */
async function networkQuiet(page: Page): Promise<void> {
  const state = traffic.get(page);
  if (!state) return page.waitForLoadState("networkidle");
  const deadline = Date.now() + QUIET_WITHIN_MS;
  for (;;) {
    const left = deadline - Date.now();
    if (left <= 0) {
      const urls = [...state.inFlight].map((r) => `${r.method()} ${r.url()}`);
      throw new Error(
        `settle: the network was not quiet within ${QUIET_WITHIN_MS} ms; in flight: ${urls.join(", ") || "none"}`,
      );
    }
    await page.waitForLoadState("load");
    if (state.inFlight.size > 0) {
      await new Promise<void>((resolve) => {
        const limit = setTimeout(resolve, left);
        state.changed = () => {
          clearTimeout(limit);
          resolve();
        };
      });
      state.changed = () => {};
      continue;
    }
    const seen = state.events;
    const idle = await page
      .evaluate(
        (timeout) =>
          new Promise<boolean>((resolve) =>
            (
              globalThis as unknown as {
                requestIdleCallback(f: () => void, o: { timeout: number }): void;
              }
            ).requestIdleCallback(() => resolve(true), { timeout }),
          ),
        IDLE_AT_MOST_MS,
      )
      .catch(() => false); // a navigation replaced the page meanwhile: wait for the new one
    if (idle && state.inFlight.size === 0 && state.events === seen) return;
  }
}

/**
 * Waits for the app to finish loading: network quiet, a prerendered page taken over by React
 * (web/public/start-app.js's note of early input is gone once its screen has hydrated: decision
 * 058) and no 'Loading...' placeholder.
 */
export async function settle(page: Page): Promise<void> {
  await networkQuiet(page);
  await page.waitForFunction(() => !("legacyVaultEarlyInput" in globalThis));
  await page
    .getByRole("status")
    .filter({ hasText: /^Loading\.\.\.$/ })
    .first()
    .waitFor({ state: "hidden" })
    .catch((err: unknown) => {
      // what to look at when a screen stays loading with its network quiet (seen twice under load)
      const bodies = [...(traffic.get(page)?.answered ?? [])].map(
        (r) => `${r.method()} ${r.url()}`,
      );
      throw new Error(
        `settle: ${new URL(page.url()).pathname} still shows 'Loading...'; API answers whose body had not ended: ${bodies.join(", ") || "none"}. ${err instanceof Error ? err.message : String(err)}`,
      );
    });
}

/**
 * Screenshots are for a person to open and look at (E2E_SCREENSHOTS=1 writes them); a test run
 * asserts nothing about them, so by default they are not taken.
 */
export const TAKE_SCREENSHOTS = process.env.E2E_SCREENSHOTS === "1";

/**
 * Full-page PNG in test-results/screenshots/<name>-<width>.png when E2E_SCREENSHOTS=1;
 * `fullPage: false` keeps to the viewport (an open dialog: a full-page shot stretches the page
 * under its fixed backdrop).
 */
export async function screenshot(
  page: Page,
  name: string,
  options: { fullPage?: boolean } = {},
): Promise<string> {
  const file = path.join(SCREENSHOTS, `${name}-${page.viewportSize()?.width ?? 0}.png`);
  if (!TAKE_SCREENSHOTS) return file;
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: file, fullPage: options.fullPage ?? true });
  return file;
}

/** The brief's phone width for screenshots (axe runs at MOBILE, 360 px, too). */
export const PHONE = { width: 375, height: 812 };

/** The four looks axe checks, in an order that changes the width twice: light, then dark. */
const AXE_LOOKS = [
  { colorScheme: "light", size: DESKTOP },
  { colorScheme: "light", size: MOBILE },
  { colorScheme: "dark", size: MOBILE },
  { colorScheme: "dark", size: DESKTOP },
] as const;

/**
 * THE look check of a screen (one helper for every journey): axe at 1280 and 360 px and
 * screenshots at 1280 and 375 px, light and dark, each once transitions have ended (a colour
 * scheme switch fades colours: axe and the eye would see half-way colours); of the whole page, of
 * the viewport only (`fullPage: false`: an open dialog, whose fixed backdrop a full-page shot
 * stretches), or of `part` alone (test-results/screenshots/<name>-<scheme>-<width>.png). Back to
 * light at 1280 px after.
 */
export async function checkLightAndDark(
  page: Page,
  name: string,
  options: { part?: Locator; fullPage?: boolean } = {},
): Promise<void> {
  // Two width changes, not four: each lays the page out again and waits for its transitions.
  let scheme: string | undefined;
  for (const { colorScheme, size } of AXE_LOOKS) {
    if (colorScheme !== scheme) await page.emulateMedia({ colorScheme });
    scheme = colorScheme;
    if (page.viewportSize()?.width !== size.width) await page.setViewportSize(size);
    await settle(page);
    await animationsEnded(page);
    // The dark look has the light one's elements: its colours are what is left to check.
    await expectNoAxeViolations(page, { coloursOnly: colorScheme === "dark" });
  }
  for (const colorScheme of TAKE_SCREENSHOTS ? (["light", "dark"] as const) : []) {
    await page.emulateMedia({ colorScheme });
    for (const size of [DESKTOP, PHONE]) {
      await page.setViewportSize(size);
      await settle(page);
      await animationsEnded(page);
      if (!options.part)
        await screenshot(page, `${name}-${colorScheme}`, { fullPage: options.fullPage });
      else {
        mkdirSync(SCREENSHOTS, { recursive: true });
        await options.part.screenshot({
          path: path.join(SCREENSHOTS, `${name}-${colorScheme}-${size.width}.png`),
          animations: "disabled",
        });
      }
    }
  }
  await page.emulateMedia({ colorScheme: "light" });
  if (page.viewportSize()?.width !== DESKTOP.width) await page.setViewportSize(DESKTOP);
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
    // what the page showed instead, so that a failure seen once on CI can be understood from its log
    const shown = await page
      .locator("body")
      .innerText({ timeout: 2_000 })
      .then((t) => t.replace(/\s+/g, " ").slice(0, 800))
      .catch(() => "(unreadable)");
    throw new Error(
      `Expected the text ${JSON.stringify(String(text))} on ${new URL(page.url()).pathname} within ${timeout} ms; the page showed: ${shown}`,
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
  if (recoveryKeySaved.delete(page)) await saveRecoveryKeyOnce(page); // another person's first sign-in
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

/**
 * Fails if the development mailbox holds a message to `email` (with a subject like `subject`) now,
 * at one look. Mail is written to the outbox in the transaction of the act that sends it, and the
 * mailbox lists the outbox: once that act (a request, a clock step) has answered, its mail is there.
 */
export async function expectNoMailTo(email: string, subject: RegExp): Promise<void> {
  const { body } = await apiRequest<{ messages: Mail[] }>(
    "GET",
    "/dev/mailbox.json",
    undefined,
    "127.0.0.1",
  );
  const found = body.messages.filter(
    (m) => m.to === email.toLowerCase() && subject.test(m.subject),
  );
  if (found.length)
    throw new Error(`Did not expect mail to ${email} like ${subject}: ${found[0]?.subject}`);
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

/** Deletes what is there and types the code, as a person would (input-otp keeps its own value: fill() over a full field changes one digit). */
export async function enterCode(page: Page, code: string) {
  const box = page.getByRole("textbox", { name: "Verification code" });
  await box.focus();
  for (let typed = (await box.inputValue()).length; typed > 0; typed--)
    await box.press("Backspace");
  await box.pressSequentially(code);
  await page.getByRole("button", { name: /^verify code$/i }).click();
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
  // An account not moved over yet moves over right after this first browser sign-in (decision
  // 038): wait for it, so that another page signing in next sends the derived secret.
  const kdf = page.waitForResponse((r) => r.url().endsWith("/api/kdf"), { timeout: 10_000 });
  const movedOver = page
    .waitForResponse((r) => r.url().endsWith("/api/vault/key/move-over"), { timeout: 20_000 })
    .catch(() => undefined); // none when the account has moved over already
  await signIn(page, user.email, user.password);
  await expectPath(page, "/dashboard");
  if (((await (await kdf).json()) as SignInKdfView).kdf === null) await movedOver;
  await waitForOpenVault(page);
  await settle(page);
  return page;
}

/**
 * After a sign-in: waits until this tab holds the vault's key (its copy in sessionStorage,
 * decision 038), so that a journey's next full page load does not find the tab locked.
 */
export async function waitForOpenVault(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      (
        globalThis as unknown as { sessionStorage: { getItem(k: string): string | null } }
      ).sessionStorage.getItem("lv.vault") !== null,
    undefined,
    { timeout: 20_000 },
  );
}

/** How wide the page's content is (its scroll width): at most the viewport's when nothing scrolls sideways. */
export const pageWidth = (page: Page): Promise<number> =>
  page.evaluate(
    () =>
      (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document
        .documentElement.scrollWidth,
  );

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
 * Moves the server's release clock forward (TEST_CLOCK=1) and runs the timers and account
 * erasures that became due, as the minute scheduler would. The clock is the server's: journeys
 * after this one see it moved.
 */
export async function advanceReleaseClock(
  ms: number,
): Promise<{ now: string; ran: number; erased: number }> {
  const res = await apiRequest<{ now: string; ran: number; erased: number }>(
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

/**
 * What a browser sends as `password` for `email` (decision 038): the sign-in secret derived
 * from the password with the account's salt, or the password as is for an account not moved
 * over yet. For journeys that call a password route through the API.
 */
export async function signInSecret(email: string, password: string): Promise<string> {
  const { status, body } = await apiRequest<SignInKdfView>("POST", "/api/kdf", { email });
  if (status !== 200) throw new Error(`POST /api/kdf answered ${status}`);
  if (!body.kdf) return password;
  // web/src/lib/crypto/password-keys.ts derivePasswordKeys, written again here (a cross-check).
  const { subtle } = webcrypto;
  const base = await subtle.importKey("raw", Buffer.from(password), "PBKDF2", false, [
    "deriveBits",
  ]);
  const mk = await subtle.deriveBits(
    {
      name: "PBKDF2",
      hash: "SHA-256",
      salt: Buffer.from(body.kdf.salt, "base64"),
      iterations: body.kdf.iterations,
    },
    base,
    256,
  );
  const hkdf = await subtle.importKey("raw", mk, "HKDF", false, ["deriveBits"]);
  const secret = await subtle.deriveBits(
    {
      name: "HKDF",
      hash: "SHA-256",
      salt: new Uint8Array(0),
      info: Buffer.from("legacy-vault:auth"),
    },
    hkdf,
    256,
  );
  return Buffer.from(secret).toString("base64url");
}

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
 * stand for many different people, so each request names its own loopback address (127.x.y.z)
 * in X-Forwarded-For, or `from`; "127.0.0.1" is this machine itself (the /dev routes).
 */
export function apiRequest<T = unknown>(
  method: string,
  pathname: string,
  body?: unknown,
  from?: string,
): Promise<{ status: number; body: T }> {
  const url = new URL(pathname, appUrl());
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const address = from ?? randomLoopbackAddress();
  const headers: Record<string, string> = { origin: appUrl(), host: url.host };
  // 127.0.0.1 is this machine itself, named by nobody: the /dev routes answer no relayed request.
  if (address !== "127.0.0.1") headers[FORWARDED_FOR] = address;
  if (payload !== undefined) headers["content-type"] = "application/json";
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: "127.0.0.1",
        port: url.port,
        path: url.pathname + url.search,
        method,
        headers,
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

/**
 * The signed-in owner's raw data key (base64), opened as their browser opens it (decision 038):
 * PBKDF2-SHA-256 of the password with the account's salt and cost, HKDF "legacy-vault:data-key-wrap",
 * AES-GCM over the password wrap with "data-key:password" as additional data. For journeys that
 * store items through the API, sealed as the browser seals them.
 */
export async function ownerDataKey(page: Page, password: string): Promise<string> {
  const { body } = await apiAsUser<DataKeyView>(page, "GET", "/api/vault/key");
  if (!body.kdf || !body.passwordWrappedKey) {
    if (body.dataKey) return body.dataKey; // not moved over yet: the escrowed copy
    throw new Error("GET /api/vault/key: no data key");
  }
  const mk = pbkdf2Sync(
    password,
    Buffer.from(body.kdf.salt, "base64"),
    body.kdf.iterations,
    32,
    "sha256",
  );
  const pk = Buffer.from(hkdfSync("sha256", mk, Buffer.alloc(0), "legacy-vault:data-key-wrap", 32));
  const blob = Buffer.from(body.passwordWrappedKey, "base64");
  const decipher = createDecipheriv("aes-256-gcm", pk, blob.subarray(0, 12));
  decipher.setAAD(Buffer.from("data-key:password"));
  decipher.setAuthTag(blob.subarray(blob.length - 16));
  return Buffer.concat([
    decipher.update(blob.subarray(12, blob.length - 16)),
    decipher.final(),
  ]).toString("base64");
}
