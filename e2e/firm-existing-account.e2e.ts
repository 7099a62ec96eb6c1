import { randomUUID } from "node:crypto";
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { FIRM_MSG, FIRM_ONBOARDING_MSG } from "../common/firms.js";
import {
  apiRequest,
  buildUser,
  DESKTOP,
  expectNoAxeViolations,
  expectPath,
  expectText,
  GOOD_PASSWORD,
  latestMailTo,
  linkFrom,
  newPage,
  screenshot,
  settle,
  signIn,
} from "./fixtures.js";
import { animationsEnded } from "./axe.js";

/** Decision 034: an existing account registers a firm, from /firm-register's e-mail or from the app. */

const PHONE = { width: 375, height: 812 };
const firmName = () => `Existing ${randomUUID().slice(0, 8)} LLP`;

/**
 * Each state is walked to once, at 1280 px, and checked at 1280 and 375 px: axe, the state's
 * `shown` part still visible, a screenshot; back to 1280 px after.
 */
async function checkBothWidths(page: Page, name: string, shown: Locator): Promise<void> {
  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport);
    await settle(page);
    await animationsEnded(page);
    await shown.first().waitFor({ state: "visible" });
    await expectNoAxeViolations(page);
    await screenshot(page, name);
  }
  await page.setViewportSize(DESKTOP);
}

describe("an existing account registers a firm", () => {
  it("signed out at /firm-register: the same confirmation as anyone, then the e-mailed link, sign-in and password make them the admin", async () => {
    const user = await buildUser({ name: "Ada Existing" });
    const name = firmName();
    const page = await newPage(DESKTOP);
    await page.goto("/firm-register");
    await settle(page);
    await expectText(page, FIRM_ONBOARDING_MSG.haveAccount);
    await checkBothWidths(
      page,
      "firm-register-have-account",
      page.getByText(FIRM_ONBOARDING_MSG.haveAccount),
    );
    const step = page.getByRole("tabpanel");
    await step.getByLabel("Law Firm Name").fill(name);
    await page.getByRole("button", { name: "Continue to Admin Setup" }).click();
    await expectText(step, FIRM_ONBOARDING_MSG.adminNote(name));
    await step.getByLabel("Full Name").fill("Ada Existing");
    await step.getByLabel("Email").fill(user.email);
    await step.getByLabel("Password", { exact: true }).fill("Some-Other-Password-5");
    await step.getByLabel("Confirm Password").fill("Some-Other-Password-5");
    await page.getByRole("button", { name: "Complete Registration" }).click();
    // Exactly what a new address sees (e2e/firm-onboarding.e2e.ts): check the e-mail to finish,
    // with neither a recovery kit nor a firm code (decision 073).
    // The admin's keys are derived at full cost first (seconds on a loaded 2-core machine).
    await expectText(page, FIRM_MSG.adminCreated, { timeout: 30_000 });
    await expectText(step.getByRole("heading", { level: 2 }), FIRM_ONBOARDING_MSG.checkEmailTitle);
    await expectText(step, FIRM_ONBOARDING_MSG.confirmationSent(user.email));
    await expectText(step, FIRM_ONBOARDING_MSG.afterTheLink);
    expect(await page.getByTestId("recovery-key").count()).toBe(0);
    expect(await step.getByRole("definition").count()).toBe(0);

    const mail = await latestMailTo(user.email, { subject: /Finish registering your law firm/ });
    expect(mail.text).toContain(name);
    const link = linkFrom(mail, "/firm/new");
    const mailPage = page; // the same browser, still signed out
    await mailPage.goto(link.pathname + link.search);
    await expectPath(mailPage, "/login"); // signed out: sign in first, then back here
    await signIn(mailPage, user.email, user.password);
    await expectPath(mailPage, "/firm/new");
    await settle(mailPage);
    await expectText(mailPage.getByRole("heading", { level: 2 }), name);
    await checkBothWidths(
      mailPage,
      "firm-claim-by-link",
      mailPage.getByRole("heading", { level: 2 }).getByText(name),
    );

    // A wrong password said by its field: claim-firm-by-link-form.test.tsx.
    await mailPage.getByLabel("Your Password").fill(user.password);
    await mailPage.getByRole("button", { name: "Become the Administrator" }).click();
    await expectText(mailPage, FIRM_ONBOARDING_MSG.firmReady(name));
    const firmCode = ((await mailPage.getByRole("definition").textContent()) ?? "").trim();
    expect(firmCode).toMatch(/^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{8}$/);
    const lookup = await apiRequest<{ firm: { name: string } }>(
      "GET",
      `/api/firms/lookup?code=${firmCode}`,
    );
    expect(lookup.body.firm.name).toBe(name);
    await checkBothWidths(
      mailPage,
      "firm-claim-by-link-done",
      mailPage.getByText(FIRM_ONBOARDING_MSG.firmReady(name)),
    );
    await mailPage.getByRole("link", { name: "Go to Dashboard" }).click();
    await expectPath(mailPage, "/dashboard");
    await expectText(mailPage, name);
  });

  it("signed in: from the dashboard, with their password; then a second firm is refused plainly", async () => {
    const user = await buildUser({ name: "Bea Individual" });
    const name = firmName();
    const page = await newPage(DESKTOP);
    // From /firm-register, the note's link signs in and leads to the in-app registration.
    await page.goto("/firm-register");
    await page.getByRole("link", { name: "Sign in to register your firm" }).click();
    await expectPath(page, "/login");
    await signIn(page, user.email, user.password);
    await expectPath(page, "/firm/new");
    await page.goto("/dashboard");
    await settle(page);
    await page.getByRole("link", { name: "Register your firm" }).click();
    await expectPath(page, "/firm/new");
    await settle(page);
    await expectText(page, FIRM_ONBOARDING_MSG.registerAsMeNote(user.name, user.email));
    await checkBothWidths(
      page,
      "firm-new",
      page.getByText(FIRM_ONBOARDING_MSG.registerAsMeNote(user.name, user.email)),
    );

    await page.getByLabel("Law Firm Name").fill(name);
    await page.getByLabel("Your Password").fill(GOOD_PASSWORD);
    await page.getByRole("button", { name: "Register Firm" }).click();
    await expectText(page, FIRM_ONBOARDING_MSG.firmReady(name));
    const code = ((await page.getByRole("definition").textContent()) ?? "").trim();
    expect(code).toMatch(/^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{8}$/);
    await checkBothWidths(
      page,
      "firm-new-done",
      page.getByText(FIRM_ONBOARDING_MSG.firmReady(name)),
    );

    await page.getByRole("link", { name: "Go to Dashboard" }).click();
    await expectPath(page, "/dashboard");
    await expectText(page, name);
    await page.goto("/firm/new");
    await settle(page);
    await expectText(page, FIRM_MSG.alreadyInFirm);
    expect(await page.getByLabel("Law Firm Name").count()).toBe(0);
    await checkBothWidths(page, "firm-new-refused", page.getByText(FIRM_MSG.alreadyInFirm));
  });
});
