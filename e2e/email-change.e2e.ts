import { AUTH_MSG } from "../common/auth.js";
import { EMAIL_CHANGE_MSG, fillEmail } from "../common/email-change.js";
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  DESKTOP,
  PHONE,
  apiAsUser,
  checkLightAndDark,
  buildUser,
  expectNoAxeViolations,
  expectPath,
  expectText,
  keepForSteps,
  latestMailTo,
  linkFrom,
  newPage,
  openPath,
  screenshot,
  signIn,
  signedInPage,
  type TestUser,
  uniqueEmail,
  waitForOpenVault,
} from "./fixtures.js";

type FocusGlobals = { document: { activeElement: unknown } };
const hasFocus = (scope: Locator) =>
  scope.evaluate((el) => el === (globalThis as unknown as FocusGlobals).document.activeElement);

/** The profile's "E-mail address" card (its h2 is in the card's header). */
const emailCard = (page: Page): Locator =>
  page.getByRole("heading", { name: "E-mail address", level: 2 }).locator("xpath=../../..");

/** A link page (public): axe, then screenshots at 1280 and 375 px. */
async function checkLinkPage(page: Page, name: string) {
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    await expectNoAxeViolations(page);
    await screenshot(page, name);
  }
  await page.setViewportSize(DESKTOP);
}

/**
 * One owner, signed in once (each sign-in costs a key derivation and page loads): a change is
 * asked for, waits across a reload and is cancelled; then a second one goes through, is
 * confirmed from the new address and undone from the old one.
 */
describe("changing the e-mail address", () => {
  describe("profile → new address and password → link from the new address → signed in with it; the old address gets the notice and undoes it", () => {
    const waitingEmail = uniqueEmail("edith-waiting");
    const newEmail = uniqueEmail("edith-new");
    let user: TestUser;
    let page: Page;
    let other: Page;

    it("the profile's form refuses a wrong password, then sends a link to the new address; nothing changes yet", async () => {
      user = await buildUser({ name: "Edith Emailchange" });
      page = keepForSteps(await signedInPage(user));
      await openPath(page, "/profile/account");
      const card = emailCard(page);
      await expectText(card, `You sign in with ${user.email}`);
      await checkLightAndDark(page, "profile-email-card", { part: emailCard(page) });

      // the form: a wrong password is refused on its field, and nothing is sent
      await card.getByRole("button", { name: "Change e-mail address" }).click();
      await expect.poll(() => hasFocus(card.getByLabel("New e-mail address"))).toBe(true);
      await card.getByLabel("New e-mail address").fill(waitingEmail);
      await card.getByLabel("Your password").fill("not-my-password");
      await card.getByRole("button", { name: "Send confirmation link" }).click();
      await expectText(card, AUTH_MSG.currentPasswordWrong);
      await checkLightAndDark(page, "profile-email-form", { part: emailCard(page) });
      await card.getByLabel("Your password").fill(user.password);
      await card.getByRole("button", { name: "Send confirmation link" }).click();
      await expectText(card, fillEmail(EMAIL_CHANGE_MSG.requested, waitingEmail));
      await checkLightAndDark(page, "profile-email-sent", { part: emailCard(page) });
      // nothing changed yet
      expect(
        (await apiAsUser<{ user: { email: string } }>(page, "GET", "/api/me")).body.user.email,
      ).toBe(user.email);
    });

    it("a change waiting for its link is still shown on the profile after a reload, and can be cancelled there", async () => {
      await page.reload();
      await expectText(emailCard(page), fillEmail(EMAIL_CHANGE_MSG.pending, waitingEmail));
      await checkLightAndDark(page, "profile-email-pending", { part: emailCard(page) });
      await emailCard(page).getByRole("button", { name: "Cancel the change" }).click();
      await expectText(page, EMAIL_CHANGE_MSG.cancelled);
      await expect
        .poll(() => emailCard(page).getByText(EMAIL_CHANGE_MSG.pending.slice(0, 12)).count())
        .toBe(0);
      await expect
        .poll(() =>
          hasFocus(emailCard(page).getByRole("button", { name: "Change e-mail address" })),
        )
        .toBe(true);
      await page.reload();
      await expectText(emailCard(page), `You sign in with ${user.email}`);
      expect(await emailCard(page).getByRole("button", { name: "Cancel the change" }).count()).toBe(
        0,
      );
      // Its link then no longer works: server/email-change/email-change.test.ts ("cancelled,
      // the link no longer works, ..."), and the page's words for a refused link:
      // web/src/routes/email-change-confirm.test.tsx.
    });

    it("the link from the new address confirms the change; another device signs in with the new address", async () => {
      // a second change, sent from the profile's form
      const card = emailCard(page);
      await card.getByRole("button", { name: "Change e-mail address" }).click();
      await card.getByLabel("New e-mail address").fill(newEmail);
      await card.getByLabel("Your password").fill(user.password);
      await card.getByRole("button", { name: "Send confirmation link" }).click();
      await expectText(card, fillEmail(EMAIL_CHANGE_MSG.requested, newEmail));

      // the link mailed to the new address, opened in the same browser
      const confirmMail = await latestMailTo(newEmail, { subject: /confirm/i });
      const confirmLink = linkFrom(confirmMail, "/email-change/confirm");
      await openPath(page, confirmLink.pathname + confirmLink.search);
      await expectText(page.getByRole("heading", { level: 1 }), "Confirm your new e-mail address");
      await checkLinkPage(page, "email-change-confirm");
      await page.getByRole("button", { name: "Confirm my new address" }).click();
      const result = page.getByTestId("email-change-result");
      await expectText(result, fillEmail(EMAIL_CHANGE_MSG.confirmed, newEmail));
      await expect.poll(() => hasFocus(result)).toBe(true);
      await checkLinkPage(page, "email-change-confirmed");
      await page.getByRole("link", { name: "Go to your profile" }).click();
      await expectPath(page, "/profile/account");
      await expectText(emailCard(page), `You sign in with ${newEmail}`);

      // another device signs in with the new address (same password: the keys did not move); the
      // old address refused: server/email-change/email-change.test.ts ("changes nothing until
      // opened; then the address changes once, ...")
      other = keepForSteps(await newPage());
      await signIn(other, newEmail, user.password);
      await expectPath(other, "/dashboard");
      await waitForOpenVault(other);
    });

    it("the old address's notice undoes the change: every session ends, and the used link says so", async () => {
      // the old address got the notice, with the undo link; opened signed out
      const notice = await latestMailTo(user.email, { subject: /was changed/i });
      expect(notice.text).toContain(newEmail);
      const undoLink = linkFrom(notice, "/email-change/undo");
      const undoPage = await newPage();
      await openPath(undoPage, undoLink.pathname + undoLink.search);
      await expectText(undoPage.getByRole("heading", { level: 1 }), "Undo the e-mail change");
      await checkLinkPage(undoPage, "email-change-undo");
      await undoPage.getByRole("button", { name: "Undo the change" }).click();
      await expectText(
        undoPage.getByTestId("email-change-result"),
        fillEmail(EMAIL_CHANGE_MSG.undone, user.email),
      );
      await checkLinkPage(undoPage, "email-change-undone");
      await undoPage.getByRole("link", { name: "Choose a new password" }).waitFor();

      // every session ended; the old address signs in again (and the new one no longer):
      // server/email-change/email-change.test.ts ("gives the old address back within 72 hours
      // and signs every session out")
      expect((await apiAsUser(page, "GET", "/api/me")).status).toBe(401);
      expect((await apiAsUser(other, "GET", "/api/me")).status).toBe(401);
      await undoPage.getByRole("link", { name: "Sign in" }).click();
      await expectPath(undoPage, "/login");
      // the used link says so
      await openPath(undoPage, undoLink.pathname + undoLink.search);
      await undoPage.getByRole("button", { name: "Undo the change" }).click();
      await expectText(undoPage.getByTestId("email-change-result"), EMAIL_CHANGE_MSG.linkInvalid);
    });
  });
});
