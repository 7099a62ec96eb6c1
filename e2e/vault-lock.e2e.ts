import { randomUUID } from "node:crypto";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { PASSWORD_MSG } from "../common/assets/passwords.js";
import { VAULT_LOCK_MSG } from "../common/keys.js";
import {
  buildUser,
  DESKTOP,
  expectNoAxeViolations,
  expectText,
  keepForSteps,
  openPath,
  PHONE,
  screenshot,
  settle,
  signedInPage,
  type TestUser,
} from "./fixtures.js";
import { addPassword, sessionCopy } from "./vault-setup.js";
import { animationsEnded } from "./axe.js";

/**
 * Auto-lock (issue 16 point 5, decision 046): idle for the chosen time, the tab forgets the vault
 * key and what it decrypted, and the unlock dialog asks for the password over the screen (the
 * session stays); "Lock now" does the same at once, in every tab; a form with unsaved changes
 * survives the lock; a new tab of the same session asks for the password. Playwright's clock
 * moves the page's time forward: the app keeps its real timeout.
 */

type Globals = { document: { body: { innerHTML: string } } };
const bodyHtml = (page: Page) =>
  page.evaluate(() => (globalThis as unknown as Globals).document.body.innerHTML);

/** Dark (or light) once the colours' transitions have ended: screenshots and axe see the end state. */
async function setScheme(page: Page, colorScheme: "light" | "dark") {
  await page.emulateMedia({ colorScheme });
  await animationsEnded(page);
}

const lockDialog = (page: Page) => page.getByRole("dialog", { name: VAULT_LOCK_MSG.lockedTitle });

async function showSecret(page: Page, secret: string) {
  await page.getByRole("button", { name: "Show password" }).click();
  await expectText(page, secret, { exact: true });
}

async function unlock(page: Page, user: TestUser) {
  const dialog = lockDialog(page);
  await dialog.getByLabel("Password", { exact: true }).fill(user.password);
  await dialog.getByRole("button", { name: "Unlock" }).click();
  await dialog.waitFor({ state: "hidden", timeout: 20_000 });
}

/**
 * One owner and one signed-in page through every step (each sign-in costs a key derivation and
 * page loads): the setting and the idle lock first (the page's clock from the start), the phone's
 * "Lock now" (which also sets "only when the tab closes", so that no later step locks by
 * idling), the kept form, and the new tab last.
 */

/** The lock dialog in light and dark, with axe in each (screenshots with E2E_SCREENSHOTS=1). */
async function checkLockedLooks(page: Page) {
  await expectNoAxeViolations(page);
  await screenshot(page, "vault-locked-light");
  await setScheme(page, "dark");
  await screenshot(page, "vault-locked-dark");
  await expectNoAxeViolations(page);
  await setScheme(page, "light");
}
describe("auto-lock", () => {
  let user: TestUser;
  let page: Page;
  let item: { id: string; secret: string };

  it("chooses a minute without activity on the profile (15 by default)", async () => {
    user = await buildUser();
    page = keepForSteps(await signedInPage(user));
    item = await addPassword(page);
    // The page's clock from its start, so that the app's timers run on it.
    await page.clock.install();
    await page.reload();
    await settle(page);

    await openPath(page, "/profile/keys");
    const choice = page.getByLabel("Lock the vault after…");
    expect(await choice.inputValue()).toBe("15"); // the default
    await choice.selectOption("1");
    await expectText(page, "Saved: your vault locks after 1 minute without activity.");
    await expectNoAxeViolations(page);
    await page.getByRole("heading", { name: "Vault lock" }).scrollIntoViewIfNeeded();
    await screenshot(page, "profile-vault-lock");
  });

  it("locks after the chosen idle time, forgets the plaintext, and opens again with the password", async () => {
    const { id, secret } = item;
    await openPath(page, `/vault/${id}`);
    await showSecret(page, secret);

    // 59 s idle: still open. A minute: locked.
    await page.clock.fastForward(59_000);
    expect(await lockDialog(page).count()).toBe(0);
    await page.clock.fastForward(2_000);
    await lockDialog(page).waitFor();
    await expectText(lockDialog(page), VAULT_LOCK_MSG.lockedIdle);
    expect(await bodyHtml(page)).not.toContain(secret);
    expect(await sessionCopy(page)).toBeNull();
    expect(new URL(page.url()).pathname).toBe(`/vault/${id}`); // still signed in, same screen
    await checkLockedLooks(page);

    // Escape does not close it; the password does.
    await page.keyboard.press("Escape");
    await lockDialog(page).waitFor();
    await unlock(page, user);
    await showSecret(page, secret);
    expect(await sessionCopy(page)).toBeTruthy(); // a reload stays open again
  });

  it("shows the locked screen on a phone, light and dark", async () => {
    await page.setViewportSize(PHONE);
    await openPath(page, "/profile/keys");
    await page.getByLabel("Lock the vault after…").selectOption("tab");
    await expectText(page, "Saved: your vault locks only when you close the tab.");
    await screenshot(page, "profile-vault-lock");
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("button", { name: "Lock now" }).click();
    await lockDialog(page).waitFor();
    // Focus is in the password field (not on the menu button that the drawer gave it back to).
    const password = lockDialog(page).getByLabel("Password", { exact: true });
    await expect
      .poll(() => password.evaluate((el) => el === el.ownerDocument.activeElement))
      .toBe(true);
    await checkLockedLooks(page);
    await unlock(page, user);
    await page.setViewportSize(DESKTOP);
  });

  it("locks at once with Lock now (by keyboard), keeps a form's unsaved text, and saves it after unlocking", async () => {
    const { id, secret } = item;
    await openPath(page, `/vault/${id}`);
    await page.getByRole("button", { name: "Edit" }).click();
    const notes = `Typed before the lock ${randomUUID()}`;
    await page.getByLabel("Notes").fill(notes);

    const lockNow = page.getByRole("button", { name: "Lock now" });
    await lockNow.focus();
    await page.keyboard.press("Enter");
    const dialog = lockDialog(page);
    await dialog.waitFor();
    await expectText(dialog, VAULT_LOCK_MSG.lockedNow);
    await expectText(dialog, VAULT_LOCK_MSG.keptForm);
    expect(await page.getByLabel("Notes").isVisible()).toBe(false); // hidden under the dialog
    expect(await sessionCopy(page)).toBeNull();
    await expectNoAxeViolations(page);
    await screenshot(page, "vault-locked-kept-form");

    await unlock(page, user);
    expect(await page.getByLabel("Notes").inputValue()).toBe(notes);
    expect(await page.getByLabel("Password", { exact: true }).inputValue()).toBe(secret);
    await page.getByRole("button", { name: "Done" }).click();
    await expectText(page, PASSWORD_MSG.updated);
    await expectText(page, notes, { exact: true });
  });

  it("asks a new tab of the same session for the password, and Lock now locks every tab", async () => {
    const { id, secret } = item;
    const tab = await page.context().newPage();
    await tab.goto(`/vault/${id}`);
    const card = tab.getByRole("region", { name: "Unlock your vault" });
    await card.waitFor();
    expect(await sessionCopy(tab)).toBeNull();
    await card.getByLabel("Password", { exact: true }).fill(user.password);
    await card.getByRole("button", { name: "Unlock" }).click();
    await card.waitFor({ state: "hidden", timeout: 20_000 });
    await showSecret(tab, secret);

    await page.getByRole("button", { name: "Lock now" }).click();
    await lockDialog(page).waitFor();
    await lockDialog(tab).waitFor(); // told over the BroadcastChannel
    expect(await bodyHtml(tab)).not.toContain(secret);
    expect(await sessionCopy(tab)).toBeNull();
    // Each tab unlocks on its own (the other stays locked): e2e/vault-unlock.e2e.ts, "a new tab
    // asks to unlock in place of the new-item form" (the first tab's dialog after the form's).
  });
});
