import { describe, expect, it } from "vitest";
import type { CDPSession, Page } from "playwright-core";
import { AUTH_MSG } from "../common/auth.js";
import { VAULT_LOCK_MSG } from "../common/keys.js";
import { LOCKED_AFTER_PASSKEY, PASSKEY_MSG, PASSKEY_SIGN_IN_MSG } from "../common/passkeys.js";
import {
  buildUser,
  checkLightAndDark,
  expectPath,
  expectText,
  keepForSteps,
  latestMailTo,
  openPath,
  settle,
  signedInPage,
} from "./fixtures.js";
import { addPassword, sessionCopy } from "./vault-setup.js";

/**
 * Passkeys (docs/decisions/056): added on /profile with Chromium's virtual authenticator (CDP
 * WebAuthn: a platform authenticator that keeps discoverable credentials and verifies its user),
 * then /login's "Sign in with a passkey" opens a session but not the vault, which the password
 * opens on the lock screen.
 */
describe("passkeys: added on the profile, sign in from /login; the vault stays locked until the password opens it; renamed and removed", () => {
  let user: Awaited<ReturnType<typeof buildUser>>;
  let page: Page;
  let item: { id: string; secret: string };
  /** Chromium's DevTools session that holds the virtual authenticator, for the whole story. */
  let cdp: CDPSession;

  it("added with a name and the password (a wrong one first), then the device", async () => {
    user = await buildUser();
    page = keepForSteps(await signedInPage(user));
    cdp = await page.context().newCDPSession(page);
    await cdp.send("WebAuthn.enable");
    const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
      options: {
        protocol: "ctap2",
        transport: "internal",
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
      },
    });
    item = await addPassword(page);

    await openPath(page, "/profile/security#passkeys");
    const card = page.locator("#passkeys");
    await expectText(card, PASSKEY_MSG.none);
    await card.getByRole("button", { name: PASSKEY_MSG.add }).click();
    await card.getByLabel(PASSKEY_MSG.nameLabel, { exact: true }).fill("Work laptop");
    await card.getByLabel("Password", { exact: true }).fill("Not-The-Right-One-99");
    await card.getByRole("button", { name: "Add passkey" }).click();
    await expectText(card, AUTH_MSG.currentPasswordWrong);
    await card.getByLabel("Password", { exact: true }).fill(user.password);
    await card.getByRole("button", { name: "Add passkey" }).click();
    await expectText(page, PASSKEY_MSG.added);
    const list = card.getByRole("list", { name: PASSKEY_MSG.cardTitle });
    await expectText(list, "Work laptop");
    await expectText(list, /Added /);
    // the device keeps one discoverable credential for this site (the server only its public key)
    const { credentials } = await cdp.send("WebAuthn.getCredentials", { authenticatorId });
    expect(credentials.map((c) => c.isResidentCredential)).toEqual([true]);
    await latestMailTo(user.email, { subject: /passkey was added/ });
    await checkLightAndDark(page, "passkeys-card", { part: card });
  });

  it("signs in from /login: a session, a locked vault that the password opens, and the items open", async () => {
    await page.getByRole("button", { name: "Log out" }).click();
    await expectPath(page, "/login");
    await settle(page);
    await page.getByRole("button", { name: PASSKEY_SIGN_IN_MSG.button }).click();
    await expectPath(page, "/dashboard");
    const lock = page.getByRole("dialog", { name: VAULT_LOCK_MSG.lockedTitle });
    await lock.waitFor();
    await expectText(lock, LOCKED_AFTER_PASSKEY);
    expect(await sessionCopy(page)).toBeNull();
    await lock.getByLabel("Password", { exact: true }).fill(user.password);
    await lock.getByRole("button", { name: "Unlock" }).click();
    await lock.waitFor({ state: "hidden" });

    // the items open with the key the password unwrapped
    await openPath(page, `/vault/${item.id}`);
    await page.getByRole("button", { name: "Show password" }).click();
    await expectText(page, item.secret, { exact: true });
  });

  it("renamed, then removed after a confirmation, from the address e-mails sent before the profile's sections", async () => {
    const card = page.locator("#passkeys");
    const list = card.getByRole("list", { name: PASSKEY_MSG.cardTitle });
    await openPath(page, "/profile#passkeys");
    await expectPath(page, "/profile/security");
    await card.getByRole("button", { name: "Rename Work laptop" }).click();
    const field = card.getByLabel("New name for “Work laptop”");
    await field.fill("Old laptop");
    await field.press("Enter");
    await expectText(page, PASSKEY_MSG.renamed);
    await expectText(list, "Old laptop");
    const hasFocus = (name: string) =>
      card.getByRole("button", { name }).evaluate((el) => el === el.ownerDocument.activeElement);
    await expect(hasFocus("Rename Old laptop")).resolves.toBe(true); // keyboard: back where it was
    await card.getByRole("button", { name: "Remove Old laptop" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Remove this passkey?" });
    await confirm.getByRole("button", { name: "Remove passkey" }).click();
    await expectText(page, PASSKEY_MSG.removed);
    await expectText(card, PASSKEY_MSG.none);
    await expect(card.getByText("Old laptop").count()).resolves.toBe(0);
    await expect(hasFocus(PASSKEY_MSG.add)).resolves.toBe(true);
  });
});
