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

/**
 * Profile, Your data → Delete account → the typed address and the password → the grace period
 * shows. `check`: axe on the dialog, then a wrong password (the server's answer, by Enter) and axe
 * on the dialog saying why; the messages themselves: components/account-deletion.test.tsx.
 */
async function requestDeletion(page: Page, user: TestUser, options: { check?: boolean } = {}) {
  if (new URL(page.url()).pathname !== "/profile/data") await openPath(page, "/profile/data");
  await card(page).getByRole("button", { name: "Delete account" }).click();
  await expectText(dialog(page), "Delete your account?");
  if (options.check) {
    await checkLightAndDark(page, "account-deletion-dialog", { part: dialog(page) });
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

/**
 * One owner, one sign-in: asks for the deletion, sees it on every screen, cancels it each of the
 * three ways (the banner, the profile, the e-mailed link), and at last lets the grace period pass.
 * The card's words, the dialog's messages, the banner's and the link page's states:
 * web/src/features/account-deletion/components/account-deletion.test.tsx; the API's answers (the
 * link once, a sign-in during the grace period, who may cancel): server/account-deletion/.
 * The card before any request is swept with axe by e2e/screens.e2e.ts (profile-data).
 */
describe("deleting one's account", () => {
  let user: TestUser;
  let page: Page;
  const banner = () => page.getByRole("region", { name: "Account deletion" });

  it("the dialog says why it refuses a wrong password, then the deletion is pending", async () => {
    user = await buildUser({ name: "Dora Delete" });
    page = keepForSteps(await signedInPage(user));
    await requestDeletion(page, user, { check: true });
    await checkLightAndDark(page, "account-deletion-card-pending", { part: card(page) });
    expect(await banner().count()).toBe(0); // the profile's own card says it
  });

  it("a banner with the date above every other signed-in screen; the timeline lists the request", async () => {
    for (const path of ["/dashboard", "/beneficiaries", "/activity", "/vault"]) {
      await openPath(page, path);
      await expectText(banner(), "Your account will be deleted on");
      if (path === "/activity")
        await expectText(page.getByRole("main"), "You asked to delete your account");
    }
    await checkLightAndDark(page, "account-deletion-banner");
  });

  it("the banner cancels the deletion; the timeline lists the cancellation", async () => {
    await banner().getByRole("button", { name: "Cancel deletion" }).click();
    await expectText(page, ACCOUNT_DELETION_MSG.cancelled);
    await banner().waitFor({ state: "detached" });
    await openPath(page, "/activity");
    await expectText(page.getByRole("main"), "You cancelled the deletion of your account");
    expect(await banner().count()).toBe(0);
  });

  it("cancelling from the profile works too, and hands focus back to Delete account", async () => {
    await requestDeletion(page, user);
    await card(page).getByRole("button", { name: "Cancel deletion" }).click();
    await expectText(page, ACCOUNT_DELETION_MSG.cancelled);
    const again = card(page).getByRole("button", { name: "Delete account" });
    await expect.poll(() => isFocused(again)).toBe(true);
  });

  it("the e-mailed cancel link works without a session and keeps the account", async () => {
    const subject = /will be deleted/;
    const before = (await latestMailTo(user.email, { subject })).id; // the earlier requests'
    await requestDeletion(page, user);
    const mail = await latestMailTo(user.email, { subject, after: before });
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
    // once only: server/account-deletion/account-deletion.test.ts and the component test

    // the profile asks again as it opens: nothing pending
    await openPath(page, "/profile/data");
    await card(page).getByRole("button", { name: "Delete account" }).waitFor();
    expect(await card(page).getByText("Your account will be deleted on").count()).toBe(0);
  });

  it("after the grace period the account is erased: signing in gets the usual wrong-credentials answer", async () => {
    await requestDeletion(page, user);
    await page.context().close(); // its session ends with the account
    const { erased } = await advanceReleaseClock(ACCOUNT_DELETION_GRACE_DAYS * DAY_MS + 60_000);
    expect(erased).toBeGreaterThanOrEqual(1);

    const after = await newPage();
    await signIn(after, user.email, user.password);
    await expectText(after, "Invalid email or password");
    await expectPath(after, "/login");
  });
});
