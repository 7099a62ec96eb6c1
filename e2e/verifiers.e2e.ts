import type { Page } from "playwright-core";
import { describe, it } from "vitest";
import {
  buildUser,
  checkLightAndDark,
  codeFrom,
  expectText,
  keepForSteps,
  latestMailTo,
  linkFrom,
  MOBILE,
  newPage,
  openPath,
  screenshot,
  signedInPage,
  uniqueEmail,
  type TestUser,
} from "./fixtures.js";

/**
 * Verifiers (docs/decisions/081): the owner names a trusted person on /release; that person
 * accepts from the real e-mail, without an account (the link, then an e-mailed code); the owner
 * sees "accepted".
 */

const card = (page: Page) => page.getByRole("region", { name: "Verifiers" });

describe("verifiers", () => {
  const vera = { name: "Vera Verifier", email: uniqueEmail("verifier") };
  let owner: TestUser;
  let ownerPage: Page;

  it("the owner invites a verifier from the release plan", async () => {
    owner = await buildUser({ name: "Olive Owner" });
    ownerPage = keepForSteps(await signedInPage(owner));
    await openPath(ownerPage, "/release");
    await expectText(card(ownerPage), "You have not named any verifiers yet.");
    await card(ownerPage).getByLabel("Name").fill(vera.name);
    await card(ownerPage).getByLabel("E-mail").fill(vera.email);
    await card(ownerPage).getByRole("button", { name: "Invite verifier" }).click();
    await expectText(card(ownerPage), "0 of 1 has accepted.");
    await expectText(card(ownerPage), "has not answered yet");
    await checkLightAndDark(ownerPage, "verifiers-card", { part: card(ownerPage) });
  });

  it("the verifier accepts from the e-mail with a code, on a phone, without an account", async () => {
    const invite = await latestMailTo(vera.email, { subject: /asks you to be a verifier/ });
    const link = linkFrom(invite, "/verifier/invite");
    const page = keepForSteps(await newPage(MOBILE));
    await openPath(page, link.pathname + link.search);
    await expectText(page, "Olive Owner has named you");
    await checkLightAndDark(page, "verifier-invite");
    await page.getByRole("button", { name: "Send me a code" }).click();
    const mail = await latestMailTo(vera.email, { after: invite.id, subject: /code/ });
    const box = page.getByRole("textbox", { name: "Verification code" });
    await box.focus();
    await box.pressSequentially(codeFrom(mail));
    await checkLightAndDark(page, "verifier-code");
    await page.getByRole("button", { name: /^Accept/ }).click();
    await expectText(page, "You are now a verifier");
    await screenshot(page, "verifier-accepted");

    // the yearly one-click page; a link that is not (or no longer) theirs changes nothing
    await openPath(page, `/verifier/check?token=${"x".repeat(43)}`);
    await checkLightAndDark(page, "verifier-check");
    await page.getByRole("button", { name: "Yes, I can still be reached" }).click();
    await expectText(page, "This link is invalid or has expired");
  });

  it("the owner sees that the verifier accepted", async () => {
    await openPath(ownerPage, "/release");
    await expectText(card(ownerPage), "1 of 1 has accepted.");
    await expectText(card(ownerPage), "Accepted on");
    await screenshot(ownerPage, "verifiers-release-plan-accepted");
  });
});
