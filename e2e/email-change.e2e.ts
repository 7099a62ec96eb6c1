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

describe("changing the e-mail address", () => {
  describe("profile → new address and password → link from the new address → signed in with it; the old address gets the notice and undoes it", () => {
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
      await card.getByLabel("New e-mail address").fill(newEmail);
      await card.getByLabel("Your password").fill("not-my-password");
      await card.getByRole("button", { name: "Send confirmation link" }).click();
      await expectText(card, AUTH_MSG.currentPasswordWrong);
      await checkLightAndDark(page, "profile-email-form", { part: emailCard(page) });
      await card.getByLabel("Your password").fill(user.password);
      await card.getByRole("button", { name: "Send confirmation link" }).click();
      await expectText(card, fillEmail(EMAIL_CHANGE_MSG.requested, newEmail));
      await checkLightAndDark(page, "profile-email-sent", { part: emailCard(page) });
      // nothing changed yet
      expect(
        (await apiAsUser<{ user: { email: string } }>(page, "GET", "/api/me")).body.user.email,
      ).toBe(user.email);
    });

    it("the link from the new address confirms the change; another device signs in with the new address, not the old one", async () => {
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

      // another device signs in with the new address (same password: the keys did not move), not the old one
      other = keepForSteps(await newPage());
      await signIn(other, user.email, user.password);
      await expectText(other, /incorrect|invalid/i);
      await signIn(other, newEmail, user.password);
      await expectPath(other, "/dashboard");
      await waitForOpenVault(other);
    });

    it("the old address's notice undoes the change: every session ends, the old address signs in again, and the used link says so", async () => {
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

      // every session ended; the old address signs in again
      expect((await apiAsUser(page, "GET", "/api/me")).status).toBe(401);
      expect((await apiAsUser(other, "GET", "/api/me")).status).toBe(401);
      await undoPage.getByRole("link", { name: "Sign in" }).click();
      await expectPath(undoPage, "/login");
      await signIn(undoPage, user.email, user.password);
      await expectPath(undoPage, "/dashboard");
      // the used link says so
      await openPath(undoPage, undoLink.pathname + undoLink.search);
      await undoPage.getByRole("button", { name: "Undo the change" }).click();
      await expectText(undoPage.getByTestId("email-change-result"), EMAIL_CHANGE_MSG.linkInvalid);
    });
  });
});

describe("a change waiting for its link", () => {
  describe("is still shown on the profile after a reload, and can be cancelled there: its link then no longer works", () => {
    const newEmail = uniqueEmail("wanda-new");

    it("is still shown on the profile after a reload, and can be cancelled there", async () => {
      const user = await buildUser({ name: "Wanda Waiting" });
      const page = await signedInPage(user);
      await openPath(page, "/profile/account");
      const card = emailCard(page);
      await card.getByRole("button", { name: "Change e-mail address" }).click();
      await card.getByLabel("New e-mail address").fill(newEmail);
      await card.getByLabel("Your password").fill(user.password);
      await card.getByRole("button", { name: "Send confirmation link" }).click();
      await expectText(card, fillEmail(EMAIL_CHANGE_MSG.requested, newEmail));

      await page.reload();
      await expectText(emailCard(page), fillEmail(EMAIL_CHANGE_MSG.pending, newEmail));
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
    });

    it("its link then no longer works", async () => {
      const link = linkFrom(
        await latestMailTo(newEmail, { subject: /Confirm/i }),
        "/email-change/confirm",
      );
      const other = await newPage();
      await other.goto(link.pathname + link.search);
      await other.getByRole("button", { name: "Confirm my new address" }).click();
      await expectText(other, EMAIL_CHANGE_MSG.linkInvalid);
    });
  });
});
