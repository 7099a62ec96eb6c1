import type { Page } from "playwright-core";
import { describe, it } from "vitest";
import { addBeneficiary, addPassword } from "./release-setup.js";
import {
  buildUser,
  checkLightAndDark,
  expectText,
  latestMailTo,
  keepForSteps,
  openPath,
  signedInPage,
  type TestUser,
  uniqueEmail,
} from "./fixtures.js";

/**
 * Rehearsal and plan health (docs/decisions/083): on /release the owner reads what needs
 * attention, previews what a beneficiary would receive, and sends themself a test run, whose
 * e-mails arrive at their own address marked as a test. From plan health the owner opens the
 * checklist of platforms' own legacy tools (docs/decisions/088) and ticks one.
 */

const region = (page: Page, name: string) => page.getByRole("region", { name });

describe("rehearsal and plan health", () => {
  let page: Page;
  let owner: TestUser;
  const emma = uniqueEmail("emma");

  it("the owner leaves a password to Emma and another to nobody", async () => {
    owner = await buildUser({ name: "Olive Owner" });
    page = keepForSteps(await signedInPage(owner));
    await addBeneficiary(page, "Emma Stone", emma);
    await addPassword(page, "Bank login", "Sunflower-Lake-91", emma);
    await addPassword(page, "Old forum", "Quiet-River-17", null);
  });

  it("plan health names what needs attention; the platforms' checklist keeps a sealed tick", async () => {
    await openPath(page, "/release");
    const health = region(page, "Plan health");
    await expectText(health, "You have not set a release plan");
    await expectText(health, "1 item is left to nobody.");
    await expectText(health, "10 online accounts are not ticked off yet");
    await checkLightAndDark(page, "plan-health-card", { part: health });

    await health.getByRole("link", { name: "Go through your accounts" }).click();
    await expectText(page, "0 of 10 done");
    const google = page.locator('li[data-platform="google"]');
    await google.getByRole("button", { name: "I've set it up" }).click();
    await expectText(google, "Done on");
    await expectText(page, "1 of 10 done");
    await google.getByText("How to").click();
    await expectText(google, "What your executor will do");
    await checkLightAndDark(page, "playbook-checklist", { fullPage: true });
    // The tick was sealed and saved: a fresh load opens it again from the server.
    await openPath(page, "/release/accounts");
    await expectText(page.locator('li[data-platform="google"]'), "Done on");

    await openPath(page, "/release");
    await expectText(health, "9 online accounts are not ticked off yet");
  });

  it("the owner previews Emma's items and sends themself a test run", async () => {
    const preview = region(page, "What each beneficiary would receive");
    await expectText(preview, "After a release, Emma Stone would see 1 item from you:");
    await expectText(preview, "Bank login");
    await checkLightAndDark(page, "beneficiary-preview-card", { part: preview });

    const testRun = region(page, "Test run");
    await testRun.getByRole("button", { name: "Send me a test run" }).click();
    await expectText(testRun, `test e-mails are on their way to ${owner.email}.`);
    await checkLightAndDark(page, "rehearsal-card", { part: testRun });
    const mail = await latestMailTo(owner.email, {
      subject: /^\[Test\] .* has left you something/,
    });
    if (!mail.text.includes(`would go to Emma Stone (${emma})`))
      throw new Error(`the test mail names no recipient: ${mail.text}`);
    await checkLightAndDark(page, "release-with-health");
  });

  it("the dashboard says how many things need attention", async () => {
    await openPath(page, "/dashboard");
    const line = page.getByTestId("plan-health-line");
    await expectText(line, "5 things in your release plan need your attention.");
    await checkLightAndDark(page, "dashboard-plan-health-line", { part: line });
  });
});
