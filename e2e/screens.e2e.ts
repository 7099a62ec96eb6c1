import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { PROFILE_PATHS } from "../common/profiles.js";
import { buildFirmAdmin, seedClients } from "./firm-people-setup.js";
import {
  buildUser,
  checkLightAndDark,
  expectPath,
  expectText,
  keepForSteps,
  newPage,
  settle,
  signIn,
} from "./fixtures.js";

type Scheme = "light" | "dark";

/**
 * How a screen is opened: a click on the link to it on the screen before (a client-side
 * navigation: no page load), after following the link to `via` first when the link is there;
 * `isLoaded` screens (no link leads there: a link from a mail, an address typed) are loaded.
 */
type Screen = { name: string; path: string; via?: string; isLoaded?: boolean };

/** Every screen of the access area, signed out, in one page: axe in each look, screenshots with E2E_SCREENSHOTS=1. */
const PUBLIC_SCREENS: Screen[] = [
  { name: "welcome", path: "/welcome", isLoaded: true },
  { name: "login", path: "/login" },
  { name: "register", path: "/register" },
  { name: "reset-password", path: "/reset-password", via: "/login" },
  { name: "privacy", path: "/privacy" },
  { name: "terms", path: "/terms" },
  { name: "security", path: "/security" },
  { name: "update-password", path: "/update-password?token=screenshot", isLoaded: true },
  { name: "not-found", path: "/no-such-page", isLoaded: true },
  { name: "verify-evidence", path: "/verify-evidence", isLoaded: true },
  { name: "reminders-opt-out", path: "/reminders/opt-out?token=x", isLoaded: true },
];
/** In the order a person can walk them: each one's link is on the screen before (or on `via`). */
const SIGNED_IN_SCREENS: Screen[] = [
  { name: "dashboard", path: "/dashboard" },
  { name: "firm-new", path: "/firm/new" },
  { name: "passwords", path: "/vault" },
  { name: "password-import", path: "/vault/import" },
  { name: "password-new", path: "/vault/new", via: "/vault" },
  { name: "documents", path: "/documents" },
  { name: "notes", path: "/notes" },
  { name: "wishes", path: "/wishes" },
  { name: "beneficiaries", path: "/beneficiaries" },
  { name: "beneficiary-new", path: "/beneficiaries/new" },
  { name: "release", path: "/release" },
];
/** The profile's sections after its first (decision 074), as the section navigation names them; a client has all five. */
const PROFILE_SECTIONS = [
  { name: "security", label: "Sign-in and security", path: PROFILE_PATHS.security },
  { name: "keys", label: "Keys and recovery", path: PROFILE_PATHS.keys },
  { name: "data", label: "Your data", path: PROFILE_PATHS.data },
  { name: "firm", label: "Your firm", path: PROFILE_PATHS.firm },
];
/** The first is where the sign-in leads; it is loaded again, as before (the recovery key's dialog after the move-over goes with the load). */
const FIRM_ADMIN_SCREENS: Screen[] = [
  { name: "firm-dashboard", path: "/dashboard", isLoaded: true },
  { name: "clients", path: "/clients" },
  { name: "plan-status", path: "/clients/plan-status" },
  { name: "staff", path: "/staff" },
  { name: "firm-edit", path: "/firm/edit" },
  { name: "firm-api", path: "/firm/api" },
];

/**
 * One screen in its four looks (light and dark, 1280 and 360 px wide: checkLightAndDark), opened
 * once (`open`): the looks are the page's colour scheme and width, set on the same page, not four
 * visits (decision 071). The theme follows the system's scheme as it changes (e2e/theme.e2e.ts
 * checks the first paint in each scheme).
 */
async function check(page: Page, screen: Screen) {
  await open(page, screen);
  await expectPath(page, new URL(screen.path, "http://x").pathname);
  await settle(page);
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expectTheme(page, scheme);
  }
  await checkLightAndDark(page, screen.name);
}

/** Opens `screen` (see Screen) from the screen on show; nothing to do when it is on show already. */
async function open(page: Page, { path, via, isLoaded }: Screen) {
  if (isLoaded) return void (await page.goto(path));
  if (new URL(page.url()).pathname === path && !via) return;
  if (via) await followLink(page, via);
  await followLink(page, path);
}

type Headings = {
  document: {
    querySelectorAll(
      selector: string,
    ): Iterable<{ setAttribute(name: string, value: string): void }>;
    querySelector(selector: string): unknown;
  };
};

/**
 * Clicks the screen's visible link to `path` and waits until the next screen has taken its place:
 * the old screen stays on show until the next one's code has loaded, so its headings are marked
 * and must be gone. Fails naming the screen without such a link.
 */
async function followLink(page: Page, path: string) {
  const from = new URL(page.url()).pathname;
  const link = page.locator(`a[href="${path}"]`).filter({ visible: true }).first();
  // (right after checkLightAndDark's return to 1280 px the desktop sidebar may be on its way)
  await link.waitFor({ timeout: 10_000 }).catch(() => {
    throw new Error(`${from} has no visible link to ${path}`);
  });
  await page.evaluate(() => {
    for (const h1 of (globalThis as unknown as Headings).document.querySelectorAll("h1"))
      h1.setAttribute("data-left", "");
  });
  await link.click();
  try {
    await page.waitForFunction(
      () => !(globalThis as unknown as Headings).document.querySelector("h1[data-left]"),
      undefined,
      { timeout: 10_000 },
    );
  } catch {
    throw new Error(`${from}: the link to ${path} left the old screen's heading on show`);
  }
}

/** Waits until the page's theme (`data-theme`) is `scheme`; fails naming the page. */
async function expectTheme(page: Page, scheme: Scheme) {
  try {
    await page.waitForFunction(
      (expected) =>
        (
          globalThis as unknown as {
            document: { documentElement: { dataset: { theme?: string } } };
          }
        ).document.documentElement.dataset.theme === expected,
      scheme,
      { timeout: 5_000 },
    );
  } catch {
    throw new Error(`${page.url()}: data-theme did not become ${scheme}`);
  }
}

/**
 * A password and a note in `page`'s vault, made through the screens (their content is encrypted
 * in the browser), each form reached by its link from the empty dashboard; their paths.
 */
async function fillVault(page: Page): Promise<{ password: string; note: string }> {
  await settle(page);
  await followLink(page, "/vault/new");
  await page.getByLabel("Title").fill("Bank of Example");
  await page.getByLabel("Website").fill("https://bank.example.com");
  await page.getByLabel("Username").fill("grace.hopper");
  await page.getByLabel("Password", { exact: true }).fill("Correct-Horse-Battery-9");
  await page.getByRole("button", { name: "Save Password" }).click();
  await page.waitForURL(/\/vault\/[0-9a-f-]+$/);
  const password = new URL(page.url()).pathname;
  await followLink(page, "/notes");
  await followLink(page, "/notes/new");
  await page.getByLabel("Title").fill("Letter to Sam");
  await page
    .getByLabel("Note", { exact: true })
    .fill("Dear Sam,\n\nThe keys to the cabin are with Mrs Ellis next door.\n\nWith love, Grace");
  await page.getByRole("button", { name: "Create Note" }).click();
  await expectPath(page, "/notes");
  await settle(page);
  const href = await page
    .getByRole("link", { name: "Letter to Sam", exact: true })
    .getAttribute("href");
  if (!href) throw new Error("the new note has no link in /notes");
  return { password, note: href };
}

describe("every screen, light and dark, at 1280 and 360 px", () => {
  let page: Page;

  it.each(PUBLIC_SCREENS)("$path is accessible", async (screen) => {
    page ??= keepForSteps(await newPage());
    await check(page, screen);
  });
});

describe("the signed-in screens, light and dark, at 1280 and 360 px", () => {
  let page: Page;
  const made: Record<"password" | "note", string> = { password: "", note: "" };

  it("an owner signs in and keeps a password and a note", async () => {
    const user = await buildUser({ name: "Grace Hopper" });
    page = keepForSteps(await newPage());
    await signIn(page, user.email, user.password);
    await expectPath(page, "/dashboard");
    Object.assign(made, await fillVault(page));
  });

  it.each(SIGNED_IN_SCREENS)("$path is accessible", async (screen) => {
    await check(page, screen);
  });

  it("the password's and the note's own pages are accessible", async () => {
    await check(page, { name: "password", path: made.password, via: "/vault" });
    await check(page, { name: "note", path: made.note, via: "/notes" });
    await expectText(page, "Letter to Sam");
  });

  // The profile's sections (decision 074), each swept once: /profile opens the first; each of the
  // others is reached from the section navigation by keyboard, at its own address.
  const sectionNav = () => page.getByRole("navigation", { name: "Profile sections" });
  const currentSection = () => sectionNav().locator('[aria-current="page"]').allTextContents();

  it("/profile opens its first section, Account, marked as the current one", async () => {
    await followLink(page, "/profile");
    await expectPath(page, PROFILE_PATHS.account);
    await settle(page);
    expect(await currentSection()).toEqual(["Account"]);
    await checkLightAndDark(page, "profile-account");
  });

  it.each(PROFILE_SECTIONS)(
    "the profile's $label: by keyboard from its navigation, at $path",
    async ({ name, label, path }) => {
      const link = sectionNav().getByRole("link", { name: label, exact: true });
      await link.focus();
      await link.press("Enter");
      await expectPath(page, path);
      // the section's code arrives after the address changes: the link is current once it is shown
      await expect.poll(currentSection).toEqual([label]);
      await checkLightAndDark(page, `profile-${name}`);
    },
  );

  it("/no-such-page is accessible", async () => {
    await check(page, { name: "not-found-signed-in", path: "/no-such-page", isLoaded: true });
  });
});

describe("the firm administrator's screens, light and dark, at 1280 and 360 px", () => {
  let page: Page;

  it("a firm's administrator with three clients signs in", async () => {
    const { admin, firm } = await buildFirmAdmin();
    await seedClients(firm.code, ["Alice Archer", "Bob Baker", "Carol Carter"]);
    page = keepForSteps(await newPage());
    await signIn(page, admin.email, admin.password);
    await expectPath(page, "/dashboard");
  });

  it.each(FIRM_ADMIN_SCREENS)("$path is accessible", async (screen) => {
    await check(page, screen);
  });
});
