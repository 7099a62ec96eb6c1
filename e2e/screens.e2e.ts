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
  openPath,
  settle,
  signIn,
} from "./fixtures.js";

type Scheme = "light" | "dark";

/** Every screen of the access area, signed out: axe in each look, screenshots with E2E_SCREENSHOTS=1. */
const PUBLIC_SCREENS = [
  { name: "welcome", path: "/welcome" },
  { name: "login", path: "/login" },
  { name: "register", path: "/register" },
  { name: "reset-password", path: "/reset-password" },
  { name: "update-password", path: "/update-password?token=screenshot" },
  { name: "not-found", path: "/no-such-page" },
  { name: "privacy", path: "/privacy" },
  { name: "terms", path: "/terms" },
  { name: "security", path: "/security" },
  { name: "verify-evidence", path: "/verify-evidence" },
  { name: "reminders-opt-out", path: "/reminders/opt-out?token=x" },
];
const SIGNED_IN_SCREENS = [
  { name: "dashboard", path: "/dashboard" },
  { name: "firm-new", path: "/firm/new" },
  { name: "passwords", path: "/vault" },
  { name: "password-new", path: "/vault/new" },
  { name: "password-import", path: "/vault/import" },
  { name: "documents", path: "/documents" },
  { name: "notes", path: "/notes" },
  { name: "wishes", path: "/wishes" },
  { name: "beneficiaries", path: "/beneficiaries" },
  { name: "beneficiary-new", path: "/beneficiaries/new" },
  { name: "release", path: "/release" },
  { name: "not-found-signed-in", path: "/no-such-page" },
];
/** The profile's sections after its first (decision 074), as the section navigation names them; a client has all five. */
const PROFILE_SECTIONS = [
  { name: "security", label: "Sign-in and security", path: PROFILE_PATHS.security },
  { name: "keys", label: "Keys and recovery", path: PROFILE_PATHS.keys },
  { name: "data", label: "Your data", path: PROFILE_PATHS.data },
  { name: "firm", label: "Your firm", path: PROFILE_PATHS.firm },
];
const FIRM_ADMIN_SCREENS = [
  { name: "firm-dashboard", path: "/dashboard" },
  { name: "clients", path: "/clients" },
  { name: "plan-status", path: "/clients/plan-status" },
  { name: "firm-edit", path: "/firm/edit" },
  { name: "staff", path: "/staff" },
  { name: "firm-api", path: "/firm/api" },
];

/**
 * One screen in its four looks (light and dark, 1280 and 360 px wide: checkLightAndDark), opened
 * once: the looks are the page's colour scheme and width, set on the same page, not four visits
 * (decision 071). The theme follows the system's scheme as it changes (e2e/theme.e2e.ts checks the
 * first paint in each scheme).
 */
async function check(page: Page, { name, path }: { name: string; path: string }) {
  await page.goto(path);
  await expectPath(page, new URL(path, "http://x").pathname);
  await settle(page);
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expectTheme(page, scheme);
  }
  await checkLightAndDark(page, name);
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

/** A password and a note in `page`'s vault, made through the screens (their content is encrypted in the browser); their paths. */
async function fillVault(page: Page): Promise<{ password: string; note: string }> {
  await openPath(page, "/vault/new");
  await page.getByLabel("Title").fill("Bank of Example");
  await page.getByLabel("Website").fill("https://bank.example.com");
  await page.getByLabel("Username").fill("grace.hopper");
  await page.getByLabel("Password", { exact: true }).fill("Correct-Horse-Battery-9");
  await page.getByRole("button", { name: "Save Password" }).click();
  await page.waitForURL(/\/vault\/[0-9a-f-]+$/);
  const password = new URL(page.url()).pathname;
  await openPath(page, "/notes/new");
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
  it.each(PUBLIC_SCREENS)("$path is accessible", async (screen) => {
    await check(await newPage(), screen);
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
    await check(page, { name: "password", path: made.password });
    await check(page, { name: "note", path: made.note });
    await expectText(page, "Letter to Sam");
  });

  // The profile's sections (decision 074), each swept once: /profile opens the first; each of the
  // others is reached from the section navigation by keyboard, at its own address.
  const sectionNav = () => page.getByRole("navigation", { name: "Profile sections" });
  const currentSection = () => sectionNav().locator('[aria-current="page"]').allTextContents();

  it("/profile opens its first section, Account, marked as the current one", async () => {
    await openPath(page, "/profile");
    await expectPath(page, PROFILE_PATHS.account);
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
