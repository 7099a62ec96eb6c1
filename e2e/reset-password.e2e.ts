import { randomUUID } from "node:crypto";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { PASSWORD_MSG } from "../common/assets/passwords.js";
import { AUTH_MSG } from "../common/auth.js";
import { KEYS_MSG } from "../common/keys.js";
import {
  buildUser,
  expectNoAxeViolations,
  expectPath,
  expectText,
  keepForSteps,
  latestMailTo,
  linkFrom,
  MOBILE,
  newPage,
  openPath,
  screenshot,
  settle,
  signIn,
  waitForOpenVault,
} from "./fixtures.js";
import { readRecoveryKey, registerWithKit, resetLinkFor } from "./recovery-kit-setup.js";

const NEW_PASSWORD = "Marmalade-Lighthouse-77";
const NEWER_PASSWORD = "Quince-Observatory-58";

type Globals = { document: { documentElement: { scrollWidth: number } } };
const pageWidth = (page: Page) =>
  page.evaluate(() => (globalThis as unknown as Globals).document.documentElement.scrollWidth);

/** Saves a password item through /vault/new; its path. */
async function addPassword(page: Page, title: string, secret: string): Promise<string> {
  await openPath(page, "/vault/new");
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Password", { exact: true }).fill(secret);
  await page.getByRole("button", { name: "Save Password" }).click();
  await expectText(page, PASSWORD_MSG.saved);
  await page.waitForURL((url) => /^\/vault\/[0-9a-f-]{36}$/.test(url.pathname));
  await settle(page);
  return new URL(page.url()).pathname;
}

/** Fills the new password twice and submits. */
async function chooseNewPassword(page: Page, password: string): Promise<void> {
  await page.getByLabel(/^new password$/i).fill(password);
  await page.getByLabel(/^confirm (new )?password$/i).fill(password);
  await page.getByRole("button", { name: "Update password" }).click();
}

/** Signs in with `password` (the new one) and lands on the dashboard. */
async function signInAgain(page: Page, email: string, password: string): Promise<void> {
  await page.goto("/login");
  await signIn(page, email, password);
  await expectPath(page, "/dashboard");
  await waitForOpenVault(page);
  await settle(page);
}

/**
 * The screens' messages (a common password, a key that is not theirs, the box to tick, Back):
 * web/src/routes/update-password.test.tsx; the API's answers (the link once, sessions ended, the
 * old password refused, the data key kept or not): server/auth/password-reset.test.ts. The
 * /reset-password form and the invalid link are swept with axe by e2e/screens.e2e.ts.
 */
describe("password reset", () => {
  it("resets the password by the e-mailed link; a new recovery kit is shown; the new password signs in, the old one no longer does", async () => {
    const user = await buildUser(); // made without keys (an API client): nothing to ask
    const page = await newPage();
    await page.goto("/login");
    await settle(page);
    await page.getByRole("link", { name: "Forgot password?" }).click();
    await expectPath(page, "/reset-password");
    await settle(page);

    await page.getByLabel("Email", { exact: true }).fill(user.email);
    await page.getByRole("button", { name: /reset|send/i }).click();
    await expectText(page, AUTH_MSG.resetSent);
    await screenshot(page, "reset-password-sent");

    const link = linkFrom(
      await latestMailTo(user.email, { subject: /reset/i }),
      "/update-password",
    );
    await page.goto(link.pathname + link.search);
    await settle(page);
    await expectNoAxeViolations(page);
    await chooseNewPassword(page, NEW_PASSWORD);
    await expectText(page.getByRole("heading", { level: 2 }), "Save your new recovery kit");
    await readRecoveryKey(page);
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "I have saved it" }).click();
    await expectText(page, AUTH_MSG.passwordUpdated);
    await expectPath(page, "/login");
    await screenshot(page, "password-updated");

    await signIn(page, user.email, user.password);
    await expectText(page, "Invalid email or password");
    await signIn(page, user.email, NEW_PASSWORD);
    await expectPath(page, "/dashboard");
  });

  /**
   * One owner with a recovery kit and a stored password resets twice: with the key (the vault is
   * kept), then without it (a plain warning first; afterwards the old item cannot be read, the
   * account works; at 360 px, dark).
   */
  describe("with the recovery key the vault is kept; without it, a plain warning first and a new vault", () => {
    let user: Awaited<ReturnType<typeof registerWithKit>>["user"];
    let recoveryKey: string;
    let item: string;
    let secret: string;
    let reset: Page;

    it("the owner registers with a recovery kit and stores a password", async () => {
      const page = await newPage();
      ({ user, recoveryKey } = await registerWithKit(page, { name: "Rita Recovery" }));
      await signIn(page, user.email, user.password);
      await expectPath(page, "/dashboard");
      await waitForOpenVault(page);
      secret = `Kept-${randomUUID()}`;
      item = await addPassword(page, "Kept bank", secret);
    });

    it("with the recovery key, the vault is kept: the item stored before opens after", async () => {
      const page = await newPage();
      await page.goto(await resetLinkFor(user.email));
      await settle(page);
      await expectText(page.getByRole("heading", { level: 2 }), "Enter your recovery key");
      await expectNoAxeViolations(page);
      await screenshot(page, "reset-recovery-key");

      // A well-formed key that is not theirs (its look), then theirs typed loosely.
      const field = page.getByLabel("Recovery key");
      await field.fill("0000-0000-0000-0000-0000-0000-0000-0000");
      await page.getByRole("button", { name: "Continue" }).click();
      await expectText(page, KEYS_MSG.wrongRecoveryKey);
      await expectNoAxeViolations(page);
      await field.fill(recoveryKey.toLowerCase().replace(/-/g, " "));
      await page.getByRole("button", { name: "Continue" }).click();
      await expectText(page, "Your recovery key opened your vault");
      await chooseNewPassword(page, NEW_PASSWORD);
      // The owner's kit still works: no new one to save.
      await expectText(page, AUTH_MSG.passwordUpdated);
      await expectPath(page, "/login");

      // the old password refused: the journey above and server/auth/password-reset.test.ts
      await signInAgain(page, user.email, NEW_PASSWORD);
      await openPath(page, item);
      await page.getByRole("button", { name: "Show password" }).click();
      await expectText(page, secret);
    });

    it("the link asks for the key; without it, a plain warning and a box to tick first", async () => {
      reset = keepForSteps(await newPage(MOBILE));
      await reset.emulateMedia({ colorScheme: "dark" });
      await reset.goto(await resetLinkFor(user.email));
      await settle(reset);
      await expectText(reset.getByRole("heading", { level: 2 }), "Enter your recovery key");
      await reset.getByRole("button", { name: "I don't have my recovery key" }).click();

      // Before anything changes: what is lost, what stays, and a box to tick.
      await expectText(reset, KEYS_MSG.loseVaultWarning);
      expect(await pageWidth(reset)).toBeLessThanOrEqual(MOBILE.width);
      await expectNoAxeViolations(reset);
      await screenshot(reset, "reset-without-recovery-key-dark");
      // The box must be ticked first, and Back offers the key again: update-password.test.tsx.
      await reset.getByLabel(/I understand/).check();
      await reset.getByRole("button", { name: "Continue without my recovery key" }).click();
    });

    it("a new password and a new recovery kit", async () => {
      await chooseNewPassword(reset, NEWER_PASSWORD);
      await expectText(reset.getByRole("heading", { level: 2 }), "Save your new recovery kit");
      const newKey = await readRecoveryKey(reset);
      expect(newKey).not.toBe(recoveryKey);
      expect(await pageWidth(reset)).toBeLessThanOrEqual(MOBILE.width);
      await expectNoAxeViolations(reset);
      await screenshot(reset, "reset-new-recovery-kit-dark");
      await reset.getByRole("button", { name: "I have saved it" }).click();
      await expectText(reset, AUTH_MSG.passwordUpdated);
      await expectPath(reset, "/login");
    });

    it("signed in again: the old item cannot be read; a new one is stored and read", async () => {
      await signInAgain(reset, user.email, NEWER_PASSWORD);
      await openPath(reset, item);
      await expectText(reset, /could not be (decrypted|read|opened)/i);
      // The account works: a new item is stored and read with the new data key.
      const fresh = `New-${randomUUID()}`;
      const freshItem = await addPassword(reset, "New bank", fresh);
      await openPath(reset, freshItem);
      await reset.getByRole("button", { name: "Show password" }).click();
      await expectText(reset, fresh);
    });
  });
});
