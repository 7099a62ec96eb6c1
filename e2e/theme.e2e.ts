import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import {
  buildUser,
  DESKTOP,
  endlessAnimations,
  expectNoAxeViolations,
  expectPath,
  expectText,
  newPage,
  screenshot,
  settle,
  signedInPage,
  signIn,
} from "./fixtures.js";

/** The browser's globals this journey reads (the server's TypeScript has no DOM types). */
type Globals = {
  document: {
    documentElement: { dataset: { theme?: string } };
    body: unknown;
    querySelector(s: string): unknown;
  };
  getComputedStyle(el: unknown): { backgroundColor: string; animationName: string };
};

const themeOf = (page: Page) =>
  page.evaluate(() => (globalThis as unknown as Globals).document.documentElement.dataset.theme);
const bodyBackground = (page: Page) =>
  page.evaluate(() => {
    const g = globalThis as unknown as Globals;
    return g.getComputedStyle(g.document.body).backgroundColor;
  });
const WHITE = "rgb(255, 255, 255)";
/**
 * Opens the password vault from the sidebar with its list's request held, so the screen stays
 * loading; returns once the request is held (the route is in place before the click, and this is
 * the tab's first look at the list, so nothing answers it from a cache), with what lets it go.
 */
async function openVaultHeld(page: Page): Promise<() => void> {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  let reached: () => void = () => {};
  const isReached = new Promise<void>((resolve) => (reached = resolve));
  await page.route(/\/api\/assets(\?|$)/, async (route) => {
    reached();
    await held;
    await route.continue();
  });
  await page.getByRole("link", { name: "Password Vault" }).click();
  await isReached;
  return release;
}
/** The progress bar's animation ("none" when it stands still). */
const barAnimation = (page: Page) =>
  page
    .locator(".route-progress-bar")
    .evaluate((el) => (globalThis as unknown as Globals).getComputedStyle(el).animationName);

describe("theme", () => {
  it("follows the system until a choice is made; the choice survives a reload", async () => {
    const page = await newPage(DESKTOP);
    await page.emulateMedia({ colorScheme: "dark" });
    await page.goto("/login");
    await settle(page);
    expect(await themeOf(page)).toBe("dark");
    expect(await bodyBackground(page)).not.toBe(WHITE);
    // "System" follows the system as it changes, without a reload.
    await page.emulateMedia({ colorScheme: "light" });
    await expect.poll(() => themeOf(page)).toBe("light");
    expect(await bodyBackground(page)).toBe(WHITE);

    const theme = page.getByRole("group", { name: "Theme" });
    expect(await theme.getByRole("button", { name: "System" }).getAttribute("aria-pressed")).toBe(
      "true",
    );
    await theme.getByRole("button", { name: "Dark" }).click();
    expect(await themeOf(page)).toBe("dark");
    expect(await theme.getByRole("button", { name: "Dark" }).getAttribute("aria-pressed")).toBe(
      "true",
    );
    await expectNoAxeViolations(page);
    await page.reload();
    await settle(page);
    expect(await themeOf(page)).toBe("dark");

    // Set before the first paint by /theme.js alone: with the app's JavaScript withheld, the page is dark already.
    await page.route(/\/assets\/index-[^/]+\.js$/, (route) =>
      route.fulfill({ contentType: "text/javascript", body: "" }),
    );
    await page.reload();
    expect(await themeOf(page)).toBe("dark");
    expect(await bodyBackground(page)).not.toBe(WHITE);
    await screenshot(page, "theme-before-app-dark");
    await page.unroute(/\/assets\/index-[^/]+\.js$/);

    await page.reload();
    await settle(page);
    await page.getByRole("group", { name: "Theme" }).getByRole("button", { name: "Light" }).click();
    await page.emulateMedia({ colorScheme: "dark" });
    await page.reload();
    await settle(page);
    expect(await themeOf(page)).toBe("light");
    await page
      .getByRole("group", { name: "Theme" })
      .getByRole("button", { name: "System" })
      .click();
    expect(await themeOf(page)).toBe("dark");
    await page.reload();
    await settle(page);
    expect(await themeOf(page)).toBe("dark");
  });

  it("is in the signed-in sidebar; the 404 sits inside the app shell; toasts keep clear of buttons", async () => {
    const user = await buildUser({ name: "Theo Toggle" });
    const page = await newPage(DESKTOP);
    await page.emulateMedia({ colorScheme: "light" });
    await signIn(page, user.email, user.password);
    await expectPath(page, "/dashboard");
    await settle(page);
    const nav = page.getByRole("navigation").first();
    await nav.getByRole("group", { name: "Theme" }).getByRole("button", { name: "Dark" }).click();
    expect(await themeOf(page)).toBe("dark");

    await page.goto("/no-such-page");
    await expectText(page, "Page not found");
    await page.getByRole("link", { name: "Dashboard" }).first().waitFor();
    await expectNoAxeViolations(page);
    await page.getByRole("link", { name: "Return to Home" }).click();
    await expectPath(page, "/dashboard");

    // A toast (the staff-only page refused): bottom-right on a desktop…
    await page.goto("/staff");
    await expectPath(page, "/dashboard");
    const toaster = page.locator("[data-sonner-toaster]");
    await toaster.locator("[data-sonner-toast]").first().waitFor();
    expect(await toaster.getAttribute("data-y-position")).toBe("bottom");
    expect(await toaster.getAttribute("data-x-position")).toBe("right");
    expect(await toaster.getAttribute("data-sonner-theme")).toBe("dark");
    await expectNoAxeViolations(page);
    // …top-centre on a phone.
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto("/staff");
    await expectPath(page, "/dashboard");
    await toaster.locator("[data-sonner-toast]").first().waitFor();
    expect(await toaster.getAttribute("data-y-position")).toBe("top");
    expect(await toaster.getAttribute("data-x-position")).toBe("center");
  });

  it("a loading screen shows a skeleton and the progress bar (still with reduced motion), and is announced", async () => {
    const page = await signedInPage(await buildUser({ name: "Sky Skeleton" }));
    await page.emulateMedia({ colorScheme: "dark", reducedMotion: "reduce" });
    await settle(page);
    const release = await openVaultHeld(page);
    await expectPath(page, "/vault");
    const status = page.getByRole("status").filter({ hasText: /^Loading\.\.\.$/ });
    await status.waitFor();
    // Shown 150 ms after the skeleton; waited for as long as a locator waits: a loaded machine takes
    // more than expect.poll's one second from the click to the bar.
    const bar = page.locator(".route-progress[data-loading]");
    await bar.waitFor();
    expect(await bar.getAttribute("aria-hidden")).toBe("true");
    expect(await barAnimation(page)).toBe("none");
    await screenshot(page, "loading-skeleton-dark");
    release();
    await status.waitFor({ state: "hidden" });
    await bar.waitFor({ state: "hidden" });
  });

  it("the progress bar slides only while a screen loads: a loaded screen runs no endless animation", async () => {
    const page = await signedInPage(await buildUser({ name: "Ida Idle" }));
    // An endless animation, even of a hidden bar, has the browser restyle the page in every frame.
    expect(await endlessAnimations(page)).toBe(0);
    const release = await openVaultHeld(page);
    const bar = page.locator(".route-progress[data-loading]");
    await bar.waitFor();
    expect(await barAnimation(page)).toBe("route-progress");
    release();
    await bar.waitFor({ state: "hidden" });
    await settle(page);
    expect(await endlessAnimations(page)).toBe(0);
  });

  it("prints light even in dark", async () => {
    const page = await newPage(DESKTOP);
    await page.emulateMedia({ colorScheme: "dark" });
    await page.goto("/legacy");
    await settle(page);
    expect(await bodyBackground(page)).not.toBe(WHITE);
    await page.emulateMedia({ colorScheme: "dark", media: "print" });
    expect(await bodyBackground(page)).toBe(WHITE);
  });
});
