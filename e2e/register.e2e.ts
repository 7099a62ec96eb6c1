import { AUTH_MSG } from "../common/auth.js";
import { describe, expect, it } from "vitest";
import {
  appUrl,
  expectNoAxeViolations,
  expectPath,
  expectText,
  GOOD_PASSWORD,
  latestMailTo,
  linkFrom,
  newPage,
  screenshot,
  settle,
  uniqueEmail,
} from "./fixtures.js";

describe("registration", () => {
  it("registers, opens the e-mailed link and lands on the dashboard signed in", async () => {
    const name = "Ada Lovelace";
    const email = uniqueEmail("register");
    const page = await newPage();
    await page.goto("/register");
    await settle(page);
    await expectNoAxeViolations(page);

    await page.getByLabel("Full Name").fill(name);
    await page.getByLabel("Email", { exact: true }).fill(email);
    await page.getByLabel("Password", { exact: true }).fill(GOOD_PASSWORD);
    await page.getByLabel("Confirm Password").fill(GOOD_PASSWORD);
    await page.getByRole("button", { name: /^(create account|register|sign up)$/i }).click();
    await expectText(page, AUTH_MSG.registerSuccess);
    await expectNoAxeViolations(page);
    await screenshot(page, "register-check-email");

    const link = linkFrom(await latestMailTo(email, { subject: /confirm/i }), "/auth/callback");
    expect(link.origin).toBe(appUrl());
    await page.goto(link.pathname + link.search);
    await expectText(page, AUTH_MSG.callbackConfirmedSession);
    await expectPath(page, "/dashboard");
    await settle(page);
    // In the screen itself, not only in the layout's account menu.
    await expectText(page.getByRole("main").first(), name);
    await expectNoAxeViolations(page);
  });
});
