import { SESSIONS_MSG } from "../common/sessions.js";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  DESKTOP,
  buildUser,
  expectNoAxeViolations,
  expectPath,
  expectText,
  keepForSteps,
  openPath,
  screenshot,
  settle,
  signIn,
  signedInPage,
  waitForOpenVault,
} from "./fixtures.js";

/** The brief's phone width. */
const PHONE = { width: 375, height: 812 };

const devices = (page: Page) =>
  page.getByRole("list", { name: "Signed-in devices" }).getByRole("listitem");

/** Clicks `link` (in the sidebar) and answers the unsaved-changes question with `accept`; returns the question. */
async function leaveBy(page: Page, click: () => Promise<void>, accept: boolean, timeout = 5_000) {
  const asked = page.waitForEvent("dialog", { timeout }).then(async (dialog) => {
    const message = dialog.message();
    if (accept) await dialog.accept();
    else await dialog.dismiss();
    return message;
  });
  await click();
  return asked;
}

/**
 * One person on two devices through every step (each sign-in costs a key derivation and page
 * loads): the first device is signed out and signs in again; the second stays signed in.
 */
describe("signed-in devices and a lost session", () => {
  let user: Awaited<ReturnType<typeof buildUser>>;
  let first: Page;
  let second: Page;

  it("lets one device sign another out; that one lands on /login, says why, and comes back", async () => {
    user = await buildUser();
    first = keepForSteps(await signedInPage(user));
    await openPath(first, "/vault");
    second = keepForSteps(await signedInPage(user));

    await openPath(second, "/profile/security");
    await expectText(second, "Signed-in devices");
    // this browser, the first one, and the session the confirmation link opened (buildUser)
    await expect.poll(() => devices(second).count()).toBe(3);
    await expectText(devices(second).filter({ hasText: "This device" }), /Chrome \d+ on Linux/);
    await expectNoAxeViolations(second);
    await screenshot(second, "sessions-profile");
    await second.setViewportSize(PHONE);
    await settle(second);
    await expectNoAxeViolations(second);
    await screenshot(second, "sessions-profile");
    await second.setViewportSize(DESKTOP);

    const other = devices(second).filter({ hasNotText: "This device", hasText: "Chrome" });
    await other.getByRole("button", { name: /^Sign out/ }).click();
    const dialog = second.getByRole("alertdialog");
    await expectText(dialog, "Sign out this device?");
    await expectNoAxeViolations(second);
    await dialog.getByRole("button", { name: "Sign out", exact: true }).click();
    await expectText(second, SESSIONS_MSG.signedOut);
    await expect.poll(() => devices(second).count()).toBe(2);

    // the first device's next action: the API says 401, the screen goes to /login and says why
    await first.getByRole("link", { name: "Documents" }).first().click();
    await expectPath(first, "/login");
    await expectText(first, SESSIONS_MSG.sessionEnded);
    await settle(first);
    await expectNoAxeViolations(first);
    await screenshot(first, "sessions-ended-login");
    await first.setViewportSize(PHONE);
    await expectNoAxeViolations(first);
    await screenshot(first, "sessions-ended-login");
    await first.setViewportSize(DESKTOP);
    await signIn(first, user.email, user.password);
    await expectPath(first, "/documents");
  });

  it("signs every other device out and keeps this one", async () => {
    // The first device signed in again above (on /documents); the second goes to phone width.
    await second.setViewportSize(PHONE);
    await openPath(second, "/profile/security");
    // this browser, the first one, and the session the confirmation link opened (buildUser)
    await expect.poll(() => devices(second).count()).toBe(3);
    await second.getByRole("button", { name: "Sign out all other devices" }).click();
    await second
      .getByRole("alertdialog")
      .getByRole("button", { name: "Sign out all others" })
      .click();
    await expectText(second, SESSIONS_MSG.signedOutOthers);
    await expect.poll(() => devices(second).count()).toBe(1);
    await screenshot(second, "sessions-others-signed-out");

    await first.reload();
    await expectPath(first, "/login");
    await openPath(second, "/vault");
    await expectPath(second, "/vault");
    await second.setViewportSize(DESKTOP);
  });

  it("asks before leaving a form with changes, and keeps what was typed when the person stays", async () => {
    const page = second;
    await openPath(page, "/beneficiaries/new");
    await page.getByLabel("Name", { exact: true }).fill("Ada Lovelace");
    const dashboard = () => page.getByRole("link", { name: "Dashboard" }).first().click();

    expect(await leaveBy(page, dashboard, false)).toBe(SESSIONS_MSG.unsavedChanges);
    await expectPath(page, "/beneficiaries/new");
    await expect
      .poll(() => page.getByLabel("Name", { exact: true }).inputValue())
      .toBe("Ada Lovelace");
    await leaveBy(page, dashboard, true);
    await expectPath(page, "/dashboard");

    // nothing typed: no question
    await openPath(page, "/vault/new");
    await dashboard();
    await expectPath(page, "/dashboard");

    // the profile's sections too: another section is another screen
    await openPath(page, "/profile/account");
    await page.getByLabel("Phone").fill("+1 555 0100");
    const toSecurity = () =>
      page
        .getByRole("navigation", { name: "Profile sections" })
        .getByRole("link", { name: "Sign-in and security" })
        .click();
    expect(await leaveBy(page, toSecurity, false)).toBe(SESSIONS_MSG.unsavedChanges);
    await expectPath(page, "/profile/account");
    expect(await page.getByLabel("Phone").inputValue()).toBe("+1 555 0100");
    await leaveBy(page, toSecurity, true);
    await expectPath(page, "/profile/security");
  });

  it("asks before a lost session takes a form with changes to /login", async () => {
    // The first device, signed out on /documents by the step before, signs in again and is sent
    // back there; then to the dashboard in the app.
    await signIn(first, user.email, user.password);
    await expectPath(first, "/documents");
    await waitForOpenVault(first);
    await settle(first);
    await first.getByRole("link", { name: "Dashboard" }).first().click();
    await expectPath(first, "/dashboard");
    await settle(first);
    // In the app, from the dashboard: this tab keeps the vault's key in memory (decision 038).
    await first.getByRole("link", { name: "Create Note" }).click();
    await expectPath(first, "/notes/new");
    await settle(first);
    await first.getByLabel("Title").fill("Letter to my daughter");
    await first.getByLabel("Note", { exact: true }).fill("Dear Ada,");
    await openPath(second, "/profile/security");
    await second.getByRole("button", { name: "Sign out all other devices" }).click();
    await second
      .getByRole("alertdialog")
      .getByRole("button", { name: "Sign out all others" })
      .click();
    await expectText(second, SESSIONS_MSG.signedOutOthers);

    // the first device's next request is refused; leaving for /login asks first
    // (answered as it opens, as leaveBy does: the click waits for what it started, and the
    // confirm() holds the page until it is answered)
    expect(
      await leaveBy(
        first,
        () => first.getByRole("button", { name: "Create Note" }).click(),
        false,
        10_000,
      ),
    ).toBe(SESSIONS_MSG.unsavedChanges);
    await expectPath(first, "/notes/new");
    expect(await first.getByLabel("Title").inputValue()).toBe("Letter to my daughter");

    // staying and then leaving: /login says why and sends the person back afterwards
    await leaveBy(
      first,
      () => first.getByRole("link", { name: "Dashboard" }).first().click(),
      true,
    );
    await expectPath(first, "/login");
    await expectText(first, SESSIONS_MSG.sessionEnded);
    await signIn(first, user.email, user.password);
    await expectPath(first, "/dashboard");
  });
});
