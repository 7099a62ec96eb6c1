import { describe, it } from "vitest";
import type { Page } from "playwright-core";
import { buildFirmAdmin, seedClients } from "./firm-people-setup.js";
import {
  buildUser,
  DESKTOP,
  expectNoAxeViolations,
  expectPath,
  expectText,
  newPage,
  openPath,
  screenshot,
  settle,
  signIn,
} from "./fixtures.js";

/** The widths a person looks at: a desktop and a common phone. */
const PHONE = { width: 375, height: 812 };
type Scheme = "light" | "dark";

/** Every screen of the access area, signed out, at desktop and phone widths: axe, then a screenshot for a human to look at. */
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
];
const SIGNED_IN_SCREENS = [
  { name: "dashboard", path: "/dashboard" },
  { name: "profile", path: "/profile" },
  { name: "firm-new", path: "/firm/new" },
  { name: "passwords", path: "/vault" },
  { name: "password-new", path: "/vault/new" },
  { name: "password-import", path: "/vault/import" },
  { name: "documents", path: "/documents" },
  { name: "notes", path: "/notes" },
  { name: "beneficiaries", path: "/beneficiaries" },
  { name: "release", path: "/release" },
  { name: "not-found-signed-in", path: "/no-such-page" },
];
const FIRM_ADMIN_SCREENS = [
  { name: "firm-dashboard", path: "/dashboard" },
  { name: "clients", path: "/clients" },
  { name: "staff", path: "/staff" },
];

/** A page that sees the system theme `scheme` (prefers-color-scheme). */
async function pageIn(scheme: Scheme, viewport: { width: number; height: number }) {
  const page = await newPage(viewport);
  await page.emulateMedia({ colorScheme: scheme });
  return page;
}

async function check(
  page: Page,
  { name, path, scheme }: { name: string; path: string; scheme: Scheme },
) {
  await page.goto(path);
  await expectPath(page, new URL(path, "http://x").pathname);
  await settle(page);
  await expectTheme(page, scheme);
  await expectNoAxeViolations(page);
  await screenshot(page, `${name}-${scheme}`);
}

async function expectTheme(page: Page, scheme: Scheme) {
  const theme = await page.evaluate(
    () =>
      (globalThis as unknown as { document: { documentElement: { dataset: { theme?: string } } } })
        .document.documentElement.dataset.theme,
  );
  if (theme !== scheme)
    throw new Error(`${page.url()}: data-theme is ${theme}, expected ${scheme}`);
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

describe.each(["light", "dark"] as const)("screens in %s", (scheme) => {
  describe.each([DESKTOP, PHONE])("at $width px", (viewport) => {
    it.each(PUBLIC_SCREENS)("$path is accessible", async ({ name, path }) => {
      await check(await pageIn(scheme, viewport), { name, path, scheme });
    });

    it("the signed-in screens are accessible", async () => {
      const user = await buildUser({ name: "Grace Hopper" });
      const page = await pageIn(scheme, viewport);
      await signIn(page, user.email, user.password);
      await expectPath(page, "/dashboard");
      const { password, note } = await fillVault(page);
      for (const { name, path } of SIGNED_IN_SCREENS) await check(page, { name, path, scheme });
      await check(page, { name: "password", path: password, scheme });
      await check(page, { name: "note", path: note, scheme });
      await expectText(page, "Letter to Sam");
    });

    it("the firm administrator's screens are accessible", async () => {
      const { admin, firm } = await buildFirmAdmin();
      await seedClients(firm.code, ["Alice Archer", "Bob Baker", "Carol Carter"]);
      const page = await pageIn(scheme, viewport);
      await signIn(page, admin.email, admin.password);
      await expectPath(page, "/dashboard");
      for (const { name, path } of FIRM_ADMIN_SCREENS) await check(page, { name, path, scheme });
    });
  });
});
