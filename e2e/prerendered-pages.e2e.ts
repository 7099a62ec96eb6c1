import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  appUrl,
  buildUser,
  expectPath,
  expectText,
  GOOD_PASSWORD,
  launchBrowser,
  newPage,
  keepForSteps,
  settle,
  uniqueEmail,
  waitForOpenVault,
} from "./fixtures.js";

/**
 * Decision 058: the build prerenders /welcome, /login and /register into their prepared pages, and
 * the browser takes that markup over (hydrates it) without an error, a flash or a lost keystroke.
 */

/** True once React has taken the element over (it keeps its props on the element it hydrated). */
const isHydrated = (page: Page, selector: string) =>
  page.$eval(selector, (el) => Object.keys(el).some((key) => key.startsWith("__reactProps$")));

async function waitForHydration(page: Page, selector: string): Promise<void> {
  await expect.poll(() => isHydrated(page, selector), { timeout: 10_000 }).toBe(true);
}

type Storing = { localStorage: { setItem: (key: string, value: string) => void } };

/** React's hydration errors, in production builds minified to their numbers (418, 423, 425). */
const HYDRATION_ERROR = /hydrat|Minified React error #(?:418|423|425)/i;

function hydrationErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (msg) => {
    if (HYDRATION_ERROR.test(msg.text())) errors.push(msg.text());
  });
  page.on("pageerror", (err) => {
    if (HYDRATION_ERROR.test(err.message)) errors.push(err.message);
  });
  return errors;
}

describe("prerendered first pages", () => {
  it("/login shows its heading and form without JavaScript", async () => {
    const browser = await launchBrowser();
    try {
      const context = await browser.newContext({ baseURL: appUrl(), javaScriptEnabled: false });
      const page = await context.newPage();
      await page.goto("/login");
      await expect(
        page.getByRole("heading", { level: 1, name: "Sign In" }).isVisible(),
      ).resolves.toBe(true);
      await expect(page.getByLabel("Email", { exact: true }).isVisible()).resolves.toBe(true);
      await expect(page.getByLabel("Password", { exact: true }).isVisible()).resolves.toBe(true);
      await expect(page.getByRole("button", { name: /^sign in$/i }).isVisible()).resolves.toBe(
        true,
      );
      await expect(page.getByText("Loading...").count()).resolves.toBe(0);
    } finally {
      await browser.close();
    }
  });

  it.each(["/welcome", "/login", "/register"])(
    "%s hydrates its prerendered markup without an error",
    async (path) => {
      const page = await newPage();
      const errors = hydrationErrors(page);
      await page.goto(path);
      await waitForHydration(page, "main h1");
      await settle(page);
      expect(errors).toEqual([]);
    },
  );

  /**
   * The person who signs in through the early-typed form is then the signed-in visitor (a sign-in
   * costs a key derivation and page loads).
   */
  describe("one person, signed in once", () => {
    let page: Page;

    it("keeps what is typed and sent on /login before its code has run, and signs in with it", async () => {
      const user = await buildUser();
      page = keepForSteps(await newPage());
      const errors = hydrationErrors(page);
      // The entry chunk waits until the form has been filled in and sent: the browser must not send
      // it itself (web/public/start-app.js holds it), and the app sends it once it has hydrated.
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
        await held;
        await route.continue();
      });
      // (module scripts run before DOMContentLoaded: wait for the response only)
      await page.goto("/login", { waitUntil: "commit" });
      const email = page.getByLabel("Email", { exact: true });
      await email.fill(user.email);
      await page.getByLabel("Password", { exact: true }).fill(user.password);
      const signedIn = page.waitForResponse((r) => r.url().endsWith("/api/auth/sign-in/email"));
      await page.getByRole("button", { name: /^sign in$/i }).click();
      expect(await isHydrated(page, "main h1")).toBe(false);
      release();
      await waitForHydration(page, "main h1");
      expect((await signedIn).ok()).toBe(true);
      await expectPath(page, "/dashboard");
      expect(errors).toEqual([]);
    });

    it("sends a signed-in visitor who opens /login to /dashboard", async () => {
      // The sign-in above moves the account over and opens the vault: that ends before a full load.
      await waitForOpenVault(page);
      await settle(page);
      const errors = hydrationErrors(page);
      await page.goto("/login");
      await expectPath(page, "/dashboard");
      await settle(page);
      expect(errors).toEqual([]);
    });
  });

  it("hydrates /login with a stored dark theme, then shows that choice", async () => {
    const page = await newPage();
    const errors = hydrationErrors(page);
    await page.addInitScript(() =>
      (globalThis as unknown as Storing).localStorage.setItem("theme", "dark"),
    );
    await page.goto("/login");
    await settle(page);
    const dark = page.getByRole("group", { name: "Theme" }).getByRole("button", { name: "Dark" });
    await expect.poll(() => dark.getAttribute("aria-pressed")).toBe("true");
    expect(errors).toEqual([]);
  });

  it("keeps what is typed into /register before its code has run", async () => {
    const page = await newPage();
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto("/register", { waitUntil: "commit" });
    const name = page.getByLabel("Full Name");
    await name.fill("Early Typist");
    release();
    await waitForHydration(page, "main h1");
    await settle(page);
    expect(await name.inputValue()).toBe("Early Typist");
    // the form's state has it too: the account is made (a missing name would stop the form)
    await page.getByLabel("Email", { exact: true }).fill(uniqueEmail("early"));
    await page.getByLabel("Password", { exact: true }).fill(GOOD_PASSWORD);
    await page.getByLabel("Confirm Password").fill(GOOD_PASSWORD);
    await page.getByRole("button", { name: "Create Account" }).click();
    await expectText(page.getByRole("heading", { level: 1 }), "Save your recovery kit");
  });
});
