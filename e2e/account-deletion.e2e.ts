import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { ACCOUNT_DELETION_GRACE_DAYS, ACCOUNT_DELETION_MSG } from "../common/account-deletion.js";
import { AUTH_MSG } from "../common/auth.js";
import {
  advanceReleaseClock,
  buildUser,
  expectPath,
  expectText,
  keepForSteps,
  latestMailTo,
  linkFrom,
  newPage,
  openPath,
  signIn,
  signedInPage,
  type TestUser,
  checkLightAndDark,
} from "./fixtures.js";

const DAY_MS = 24 * 3_600_000;

const card = (page: Page) =>
  page.getByRole("region", { name: "Delete account" }).or(page.locator("#delete-account"));
type FocusGlobals = { document: { activeElement: unknown } };

const isFocused = (button: Locator) =>
  button.evaluate((el) => el === (globalThis as unknown as FocusGlobals).document.activeElement);
const dialog = (page: Page) => page.getByRole("alertdialog", { name: "Delete your account?" });

/** Profile, Your data → Delete account → the typed address and the password → the grace period shows. */
async function requestDeletion(page: Page, user: TestUser, options: { check?: boolean } = {}) {
  await openPath(page, "/profile/data");
  await card(page).getByRole("button", { name: "Delete account" }).click();
  await expectText(dialog(page), "Delete your account?");
  if (options.check) {
    await checkLightAndDark(page, "account-deletion-dialog", { part: dialog(page) });
    // a wrong address is caught here, a wrong password by the server; the dialog stays and says why
    await dialog(page)
      .getByLabel(/to confirm/)
      .fill("someone-else@example.com");
    await dialog(page).getByLabel("Password", { exact: true }).fill(user.password);
    await dialog(page).getByRole("button", { name: "Delete my account" }).click();
    await expectText(dialog(page), ACCOUNT_DELETION_MSG.confirmationMismatch);
    await dialog(page)
      .getByLabel(/to confirm/)
      .fill(user.email);
    await dialog(page).getByLabel("Password", { exact: true }).fill("Not-The-Password-1");
    await dialog(page).getByLabel("Password", { exact: true }).press("Enter");
    await expectText(dialog(page), AUTH_MSG.currentPasswordWrong);
    await checkLightAndDark(page, "account-deletion-dialog-errors", { part: dialog(page) });
  }
  await dialog(page)
    .getByLabel(/to confirm/)
    .fill(user.email);
  await dialog(page).getByLabel("Password", { exact: true }).fill(user.password);
  await dialog(page).getByRole("button", { name: "Delete my account" }).click();
  await expectText(card(page), "Your account will be deleted on");
  expect(await dialog(page).count()).toBe(0);
  // focus moved to the button that appeared
  const cancel = card(page).getByRole("button", { name: "Cancel deletion" });
  await expect.poll(() => isFocused(cancel)).toBe(true);
}

describe("deleting one's account", () => {
  describe("profile → delete → the e-mailed cancel link keeps the account, once", () => {
    let user: TestUser;
    let page: Page;

    it("the profile's card says the account is erased days after one asks", async () => {
      user = await buildUser({ name: "Dora Delete" });
      page = keepForSteps(await signedInPage(user));
      await openPath(page, "/profile/data");
      await expectText(card(page), `erased ${ACCOUNT_DELETION_GRACE_DAYS} days after you ask`);
      await checkLightAndDark(page, "account-deletion-card", { part: card(page) });
    });

    it("the dialog catches a wrong address and a wrong password, then the deletion is pending", async () => {
      await requestDeletion(page, user, { check: true });
      await checkLightAndDark(page, "account-deletion-card-pending", { part: card(page) });
    });

    it("the e-mailed cancel link works without a session and keeps the account, once", async () => {
      const mail = await latestMailTo(user.email, { subject: /will be deleted/ });
      const link = linkFrom(mail, "/account-deletion/cancel");
      // the link works without a session: a fresh browser
      const stranger = await newPage();
      await stranger.goto(link.pathname + link.search);
      await expectText(stranger, "Cancel the deletion of your account");
      await checkLightAndDark(stranger, "account-deletion-cancel-link", {
        part: stranger.locator("body"),
      });
      await stranger.getByRole("button", { name: "Keep my account" }).click();
      await expectText(stranger, ACCOUNT_DELETION_MSG.cancelled);
      await checkLightAndDark(stranger, "account-deletion-cancel-link-done", {
        part: stranger.locator("body"),
      });
      // once only
      await stranger.reload();
      await stranger.getByRole("button", { name: "Keep my account" }).click();
      await expectText(stranger, ACCOUNT_DELETION_MSG.linkInvalid);

      await openPath(page, "/profile/data");
      await card(page).getByRole("button", { name: "Delete account" }).waitFor();
      expect(await card(page).getByText("Your account will be deleted on").count()).toBe(0);
    });

    it("cancelling from the profile works too, and hands focus back to Delete account", async () => {
      // cancelling from the profile works too, and hands focus back to "Delete account"
      await requestDeletion(page, user);
      await card(page).getByRole("button", { name: "Cancel deletion" }).click();
      await expectText(page, ACCOUNT_DELETION_MSG.cancelled);
      const again = card(page).getByRole("button", { name: "Delete account" });
      await expect.poll(() => isFocused(again)).toBe(true);
    });
  });

  describe("after the grace period the account is erased: signing in then gets the usual wrong-credentials answer", () => {
    let user: TestUser;

    it("the owner asks for deletion; signing in during the grace period works and shows it", async () => {
      user = await buildUser({ name: "Gone Soon" });
      const page = await signedInPage(user);
      await requestDeletion(page, user);

      // signing in during the grace period works and shows it
      const later = await newPage();
      await signIn(later, user.email, user.password);
      await expectPath(later, "/dashboard");
      await openPath(later, "/profile/data");
      await expectText(card(later), "Your account will be deleted on");
    });

    it("after the grace period the account is erased: signing in gets the usual wrong-credentials answer", async () => {
      const { erased } = await advanceReleaseClock(ACCOUNT_DELETION_GRACE_DAYS * DAY_MS + 60_000);
      expect(erased).toBeGreaterThanOrEqual(1);

      const after = await newPage();
      await signIn(after, user.email, user.password);
      await expectText(after, "Invalid email or password");
      await expectPath(after, "/login");
    });
  });
});

describe("a pending deletion on every screen", () => {
  describe("shows a banner with the date above every signed-in screen but the profile, which cancels it", () => {
    let page: Page;
    let banner: Locator;

    it("a banner with the date above every signed-in screen but the profile; the timeline lists the request", async () => {
      const user = await buildUser({ name: "Bea Banner" });
      page = keepForSteps(await signedInPage(user));
      await requestDeletion(page, user);
      banner = page.getByRole("region", { name: "Account deletion" });
      expect(await banner.count()).toBe(0); // the profile's own card says it
      for (const path of ["/dashboard", "/vault", "/beneficiaries", "/activity"]) {
        await openPath(page, path);
        await expectText(banner, "Your account will be deleted on");
      }
      // the timeline lists the request
      await expectText(page.getByRole("main"), "You asked to delete your account");
    });

    it("the banner cancels the deletion; the timeline lists the cancellation", async () => {
      await openPath(page, "/vault");
      await checkLightAndDark(page, "account-deletion-banner");
      await banner.getByRole("button", { name: "Cancel deletion" }).click();
      await expectText(page, ACCOUNT_DELETION_MSG.cancelled);
      await banner.waitFor({ state: "detached" });
      await openPath(page, "/profile/data");
      await card(page).getByRole("button", { name: "Delete account" }).waitFor();
      await openPath(page, "/activity");
      await expectText(page.getByRole("main"), "You cancelled the deletion of your account");
      expect(await banner.count()).toBe(0);
    });
  });
});
