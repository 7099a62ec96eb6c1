import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { AUTH_MSG } from "../common/auth.js";
import { PASSWORD_MSG } from "../common/assets/passwords.js";
import { BENEFICIARY_MSG } from "../common/beneficiaries.js";
import { KEYS_MSG, VAULT_LOCK_MSG } from "../common/keys.js";
import {
  buildUser,
  checkLightAndDark,
  expectNoAxeViolations,
  expectNoText,
  expectPath,
  expectText,
  keepForSteps,
  openPath,
  screenshot,
  settle,
  signedInPage,
  signIn,
  newPage,
} from "./fixtures.js";
import { addPassword, sessionCopy } from "./vault-setup.js";

/**
 * Owner-held keys in the browser (docs/decisions/038-owner-held-keys.md): the tab keeps the data
 * key across a reload (wrapped with the session's key in sessionStorage), a new tab asks for the
 * password and opens the vault with it (the session stays), and a new password opens the same
 * items. A page that needs the key asks first, in place of its list or form, and a save that needs
 * it asks and then saves what was typed (decision 075).
 */

const NEW_PASSWORD = "Marmalade-Lighthouse-77";
const UNLOCK_FAILED = /could not be decrypted|Failed to save|Failed to add/;

/** Unlocks with the password in `scope` (the card in place of a screen, or the dialog). */
async function unlockIn(scope: Locator, password: string) {
  await scope.getByLabel("Password", { exact: true }).fill(password);
  await scope.getByRole("button", { name: "Unlock" }).click();
  await scope.waitFor({ state: "hidden", timeout: 20_000 });
}

/** The item's page shows its secret (decrypted in the browser). */
async function expectOpens(page: Page, id: string, secret: string) {
  if (new URL(page.url()).pathname !== `/vault/${id}`) await openPath(page, `/vault/${id}`);
  await page.getByRole("button", { name: "Show password" }).click();
  await expectText(page, secret, { exact: true });
}

/**
 * One owner through every step (each sign-in costs a key derivation and page loads): the first
 * step signs in and keeps a password; the others open new tabs of that browser, and the password
 * change comes last; the sign-in after it also shows that a tab holds the key before its first
 * screen (a reload at once stays open).
 */
describe("the vault in the browser", () => {
  let user: Awaited<ReturnType<typeof buildUser>>;
  let page: Page;
  let item: { id: string; secret: string };

  it("stays open after a reload, without asking for the password", async () => {
    user = await buildUser();
    page = keepForSteps(await signedInPage(user)); // moves the account over (decision 038)
    item = await addPassword(page);
    expect(await sessionCopy(page)).toBeTruthy();
    await page.reload();
    await settle(page);
    await expectNoText(page, "Unlock your vault");
    await expectOpens(page, item.id, item.secret);
  });

  it("asks a new tab for the password, refuses a wrong one, and opens with the right one", async () => {
    const { id, secret } = item;
    // Same browser, same session cookie, but a new tab: no copy of the key in it.
    const tab = await page.context().newPage();
    await tab.goto(`/vault/${id}`);
    const unlock = tab.getByRole("region", { name: "Unlock your vault" });
    await unlock.waitFor();
    await expectNoAxeViolations(tab);
    await screenshot(tab, "vault-unlock");

    const field = unlock.getByLabel("Password", { exact: true });
    await field.fill("Not-The-Right-One-99");
    await field.press("Enter");
    await expectText(unlock, KEYS_MSG.wrongVaultPassword);
    await expectNoAxeViolations(tab);

    await field.fill(user.password);
    await unlock.getByRole("button", { name: "Unlock" }).click();
    await unlock.waitFor({ state: "hidden" });
    await expectOpens(tab, id, secret);
    // Still signed in, and the tab now keeps its own copy for reloads.
    await tab.reload();
    await settle(tab);
    await expectNoText(tab, "Unlock your vault");
    await expectOpens(tab, id, secret);
    await tab.close();
  });

  it("a new tab asks to unlock in place of the password list, then shows it", async () => {
    const list = await page.context().newPage();
    await list.goto("/vault");
    const card = list.getByRole("region", { name: "Unlock your vault" });
    await card.waitFor();
    await expectNoText(list, UNLOCK_FAILED); // no "Usernames and sites could not be decrypted"
    expect(await list.getByRole("link", { name: "Bank login" }).count()).toBe(0);
    await checkLightAndDark(list, "vault-list-unlock");
    await unlockIn(card, user.password);
    await list.getByRole("link", { name: "Bank login" }).waitFor();
    await expectNoText(list, UNLOCK_FAILED);
    await list.close();
  });

  it("a new tab asks to unlock in place of the new-item form; what is typed in it survives a lock and is saved", async () => {
    const form = await page.context().newPage();
    await form.goto("/vault/new");
    const card = form.getByRole("region", { name: "Unlock your vault" });
    await card.waitFor();
    expect(await form.getByLabel("Title").count()).toBe(0); // no empty form that cannot be saved
    await expectNoAxeViolations(form);
    await unlockIn(card, user.password);
    const username = `heir-${randomUUID().slice(0, 8)}`;
    await form.getByLabel("Title").fill("Pension portal");
    await form.getByLabel("Username").fill(username);
    await form.getByLabel("Password", { exact: true }).fill(`Pw-${randomUUID()}`);
    // Locked while typing: the form is kept under the lock dialog, and comes back as it was.
    await form.getByRole("button", { name: "Lock now" }).click();
    await unlockIn(form.getByRole("dialog", { name: VAULT_LOCK_MSG.lockedTitle }), user.password);
    expect(await form.getByLabel("Username").inputValue()).toBe(username);
    await form.getByRole("button", { name: "Save Password" }).click();
    await expectText(form, PASSWORD_MSG.saved);
    await openPath(form, "/vault");
    await expectText(form, `Username: ${username}`); // decrypted in the list
    await form.close();
    // "Lock now" locked every tab that held the key (decision 046): the first tab opens again too.
    await unlockIn(page.getByRole("dialog", { name: VAULT_LOCK_MSG.lockedTitle }), user.password);
  });

  it("a save that needs the key on a tab without it asks to unlock, then saves what was typed", async () => {
    const tab = await page.context().newPage();
    await tab.goto("/beneficiaries/new");
    const relationship = `Godson ${randomUUID().slice(0, 8)}`;
    await tab.getByLabel("Name").fill("Bruno Heir");
    await tab.getByLabel("Email").fill(`bruno-${randomUUID().slice(0, 8)}@example.com`);
    await tab.getByLabel("Relationship (Optional)").fill(relationship); // sealed with the data key
    await tab.getByRole("button", { name: "Add Beneficiary" }).click();

    const dialog = tab.getByRole("dialog", { name: "Unlock your vault" });
    await dialog.waitFor();
    await expectNoText(tab, UNLOCK_FAILED);
    await checkLightAndDark(tab, "save-asks-unlock", { fullPage: false });
    await unlockIn(dialog, user.password);
    await expectText(tab, BENEFICIARY_MSG.added);
    await expectPath(tab, "/beneficiaries");
    await expectText(tab, "Bruno Heir");
    await expectNoText(tab, UNLOCK_FAILED);
    await tab.close();
  });

  describe("after a password change, signing in with the new password opens the same items", () => {
    it("the current password changes it; this tab stays open", async () => {
      const { id, secret } = item;
      await openPath(page, "/profile/security");
      await page.getByRole("button", { name: "Change password" }).click();
      // The strength meter and a wrong current password's message: change-password-form.test.tsx.
      await page.getByLabel("Current password").fill(user.password);
      await page.getByLabel("New password", { exact: true }).fill(NEW_PASSWORD);
      await page.getByLabel("Confirm new password").fill(NEW_PASSWORD);
      await page.getByRole("button", { name: "Change password" }).click();
      await expectText(page, AUTH_MSG.passwordChanged);
      // This tab stays open.
      await expectOpens(page, id, secret);
      await page.getByRole("button", { name: "Log out" }).click();
      await expectText(page, AUTH_MSG.logoutOk);
      await expectPath(page, "/login");
      expect(await sessionCopy(page)).toBeNull();
    });

    it("the new password signs in; the tab holds the key before its first screen, so a reload at once opens the item", async () => {
      const { id, secret } = item;
      // the old password refused: server/keys/owner-keys.test.ts (the password change)
      const fresh = await newPage();
      await signIn(fresh, user.email, NEW_PASSWORD);
      await expectPath(fresh, "/dashboard");
      // The tab's copy is there the moment the app is entered, not some requests later.
      expect(await sessionCopy(fresh)).toBeTruthy();
      await fresh.reload();
      await settle(fresh);
      await expectNoText(fresh, "Unlock your vault");
      await expectOpens(fresh, id, secret);
    });
  });
});
