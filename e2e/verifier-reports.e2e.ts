import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  apiAsUser,
  apiRequest,
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
  signedInPage,
  uniqueEmail,
  type TestUser,
} from "./fixtures.js";

/**
 * Verifier reports (docs/decisions/082), the path a person walks: with k = 2, Anna reports on a
 * phone (address, e-mailed code, what happened); the owner, signed in, sees the banner at once;
 * Ben confirms from his e-mail; the wait starts and the owner's release plan says when it ends.
 */

type Person = { name: string; email: string };

/** Names `who` as the owner's verifier, and accepts for them with the e-mailed link and code. */
async function acceptedVerifier(ownerPage: Page, who: Person) {
  const added = await apiAsUser(ownerPage, "POST", "/api/verifiers", { kind: "person", ...who });
  expect(added.status).toBe(201);
  const invite = await latestMailTo(who.email, { subject: /asks you to be a verifier/ });
  const token = linkFrom(invite, "/verifier/invite").searchParams.get("token");
  await apiRequest("POST", "/api/verifier/code", { token });
  const code = codeFrom(await latestMailTo(who.email, { after: invite.id, subject: /code/ }));
  const ok = await apiRequest("POST", "/api/verifier/answer", { token, code, answer: "accept" });
  expect(ok.status).toBe(200);
}

/** The verifiers' page on a phone: the address, then the e-mailed code. */
async function openDesk(who: Person, link: string) {
  const page = keepForSteps(await newPage(MOBILE));
  await openPath(page, link);
  await page.getByLabel("Your e-mail address").fill(who.email);
  // the code from this request, not the one that accepted the role: newer than their last mail
  const before = (await latestMailTo(who.email)).id;
  await page.getByRole("button", { name: "Send me a code" }).click();
  await expectText(page, "If this address belongs to a verifier");
  const mail = await latestMailTo(who.email, { after: before, subject: /code/ });
  const box = page.getByRole("textbox", { name: "Verification code" });
  await box.focus();
  await box.pressSequentially(codeFrom(mail));
  await page.getByRole("button", { name: "Continue" }).click();
  return page;
}

describe("verifier reports", () => {
  const anna = { name: "Anna Smith", email: uniqueEmail("anna") };
  const ben = { name: "Ben Jones", email: uniqueEmail("ben") };
  let owner: TestUser;
  let ownerPage: Page;

  it("the owner has two verifiers, both of whom must confirm", async () => {
    owner = await buildUser({ name: "Olive Owner" });
    ownerPage = keepForSteps(await signedInPage(owner));
    await acceptedVerifier(ownerPage, anna);
    await acceptedVerifier(ownerPage, ben);
    expect(
      (await apiAsUser(ownerPage, "PUT", "/api/verifiers/threshold", { threshold: 2 })).status,
    ).toBe(200);
  });

  it("Anna reports on a phone, one step per screen", async () => {
    const page = await openDesk(anna, "/verifier/report");
    await expectText(page, "Nothing has been reported about Olive Owner.");
    await checkLightAndDark(page, "verifier-report-desk");
    await page.getByRole("button", { name: "Report a death or incapacity" }).click();
    await page.getByRole("radio", { name: "They have died" }).click();
    await page
      .getByLabel(/A note for the other verifiers/)
      .fill("At St Mary's hospital, 1 December.");
    await checkLightAndDark(page, "verifier-report-form");
    await page.getByRole("button", { name: "Send the report" }).click();
    await expectText(page, "Your report was sent");
    await expectText(page, "1 of 2 has confirmed.");
  });

  it("the owner, signed in, is told at once: a banner with one button", async () => {
    await openPath(ownerPage, "/dashboard");
    const banner = ownerPage.getByTestId("report-banner");
    await expectText(banner, "Anna Smith reported on");
    await expectText(banner, "that you have died");
    await checkLightAndDark(ownerPage, "report-banner", { part: banner });
    const mail = await latestMailTo(owner.email, { subject: /reported to Legacy Vault/ });
    expect(linkFrom(mail, "/release/fine").searchParams.get("token")).toBeTruthy();
  });

  it("Ben confirms from his e-mail; the wait starts and its end is shown", async () => {
    const ask = await latestMailTo(ben.email, { subject: /Please confirm/ });
    const link = linkFrom(ask, "/verifier/report");
    const page = await openDesk(ben, link.pathname);
    await expectText(page, "1 of 2 has confirmed.");
    await page.getByRole("button", { name: "Confirm", exact: true }).click();
    await expectText(page, "Confirm that Olive Owner has died?");
    await checkLightAndDark(page, "verifier-report-confirm");
    await page.getByRole("button", { name: "Yes, I confirm" }).click();
    await expectText(page, "Your confirmation was recorded");
    await expectText(page, "The wait ends on");

    await openPath(ownerPage, "/release");
    await expectText(ownerPage, "Enough of your verifiers confirmed a report");
    const card = ownerPage.getByTestId("own-report-card");
    await expectText(card, "2 of 2 have confirmed. The wait ends on");
    await checkLightAndDark(ownerPage, "own-report-card", { part: card });
  });
});
