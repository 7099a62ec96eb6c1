import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { ReleasePlanView } from "../common/release.js";
import {
  advanceReleaseClock,
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
 * Escalation (docs/decisions/085), the path a person walks: Olive's inactivity period ends; her
 * verifier Anna is asked to reach her; Olive's release page says so in plain words; Anna, on a
 * phone, answers "I reached them"; the page says nothing was released. Then Olive pauses.
 */

const DAY = 24 * 60 * 60 * 1000;

describe("escalation before any wait", () => {
  const anna = { name: "Anna Smith", email: uniqueEmail("anna") };
  let owner: TestUser;
  let ownerPage: Page;

  it("Olive has one verifier and a 3-month plan that has run out", async () => {
    owner = await buildUser({ name: "Olive Owner" });
    ownerPage = keepForSteps(await signedInPage(owner));
    expect(
      (await apiAsUser(ownerPage, "POST", "/api/verifiers", { kind: "person", ...anna })).status,
    ).toBe(201);
    const invite = await latestMailTo(anna.email, { subject: /asks you to be a verifier/ });
    const token = linkFrom(invite, "/verifier/invite").searchParams.get("token");
    await apiRequest("POST", "/api/verifier/code", { token });
    const code = codeFrom(await latestMailTo(anna.email, { after: invite.id, subject: /code/ }));
    await apiRequest("POST", "/api/verifier/answer", { token, code, answer: "accept" });
    const saved = await apiAsUser<ReleasePlanView>(ownerPage, "PUT", "/api/release/plan", {
      inactivityMonths: 3,
      waitDays: 7,
    });
    const endsAt = new Date(saved.body.plan.inactivityEndsAt ?? "").getTime();
    const { now } = await advanceReleaseClock(0);
    await advanceReleaseClock(endsAt - new Date(now).getTime() + 60_000);

    await openPath(ownerPage, "/release");
    await expectText(ownerPage, "Your verifiers are trying to reach you");
    await expectText(ownerPage, "0 of 1 needed have said they could not reach you.");
    await checkLightAndDark(ownerPage, "escalation-owner");
  });

  it("Anna is asked by e-mail and answers on a phone, one step per screen", async () => {
    const ask = await latestMailTo(anna.email, { subject: /Please try to reach Olive Owner/ });
    const page = keepForSteps(await newPage(MOBILE));
    await openPath(page, linkFrom(ask, "/verifier/report").pathname);
    await page.getByLabel("Your e-mail address").fill(anna.email);
    await page.getByRole("button", { name: "Send me a code" }).click();
    await expectText(page, "If this address belongs to a verifier");
    const box = page.getByRole("textbox", { name: "Verification code" });
    await box.focus();
    // the code this request sent, newer than the mail that asked (never the one that accepted the role)
    const code = await latestMailTo(anna.email, { after: ask.id, subject: /code/ });
    await box.pressSequentially(codeFrom(code));
    await page.getByRole("button", { name: "Continue" }).click();
    await expectText(page, "Please try to reach Olive Owner");
    await checkLightAndDark(page, "escalation-verifier");
    await page.getByRole("button", { name: "I reached them" }).click();
    await expectText(page, "You reached Olive Owner and they are fine?");
    await page.getByRole("button", { name: "Yes, they are fine" }).click();
    await expectText(page, "Their countdown starts again");
  });

  it("Olive's page says Anna reached her; she pauses for a trip", async () => {
    await openPath(ownerPage, "/release");
    await expectText(ownerPage, "Anna Smith told us they reached you. Nothing was released.");
    // the server's release clock has moved on: the day is counted from it
    const { now } = await advanceReleaseClock(0);
    const until = new Date(new Date(now).getTime() + 20 * DAY).toISOString().slice(0, 10);
    await ownerPage.getByLabel("I'm away until").fill(until);
    await ownerPage.getByRole("button", { name: "Pause", exact: true }).click();
    await expectText(ownerPage, "Paused: you are away until");
    await checkLightAndDark(ownerPage, "pause-card", {
      part: ownerPage.getByRole("region", { name: "Going away?" }),
    });
  });
});
