import { LOGIN_LOCKOUT_AT, LOGIN_WARNING_AFTER, AUTH_MSG } from "../common/auth.js";

import { describe, expect, it } from "vitest";
import {
  buildUser,
  expectNoAxeViolations,
  expectNoText,
  expectPath,
  expectText,
  latestMailTo,
  linkFrom,
  newPage,
  registerUser,
  screenshot,
  settle,
  signIn,
} from "./fixtures.js";

const WRONG_PASSWORD = "Not-The-Right-One-99";
/** The counter's warning: any wording about the attempts, other than the lockout message. */
const ATTEMPTS_WARNING = /attempt/i;

describe("sign-in", () => {
  it("warns after 3 wrong passwords and disables Sign In after 5", async () => {
    const user = await buildUser();
    const page = await newPage();
    await page.goto("/login");
    await settle(page);
    const signInButton = page.getByRole("button", { name: /^sign in$/i });

    for (let failures = 1; failures < LOGIN_WARNING_AFTER; failures++)
      await signIn(page, user.email, WRONG_PASSWORD);
    await expectText(page, "Invalid email or password");
    await expectNoText(page, ATTEMPTS_WARNING);

    await signIn(page, user.email, WRONG_PASSWORD);
    await expectText(page, ATTEMPTS_WARNING);
    await expectNoText(page, AUTH_MSG.loginTooMany);
    expect(await signInButton.isEnabled()).toBe(true);
    await expectNoAxeViolations(page);
    await screenshot(page, "login-warning");

    for (let failures = LOGIN_WARNING_AFTER + 1; failures <= LOGIN_LOCKOUT_AT; failures++)
      await signIn(page, user.email, WRONG_PASSWORD);
    await expectText(page, AUTH_MSG.loginTooMany);
    expect(await signInButton.isDisabled()).toBe(true);
    await expectNoAxeViolations(page);
    await screenshot(page, "login-locked");
  });

  it("offers to resend the confirmation to an unconfirmed account, and the new link works", async () => {
    const user = await registerUser();
    const first = await latestMailTo(user.email, { subject: /confirm/i });
    const page = await newPage();
    await signIn(page, user.email, user.password);
    await expectText(page, AUTH_MSG.emailNotConfirmed);
    const resend = page.getByRole("button", { name: "Resend confirmation email" });
    await resend.waitFor();
    await expectNoAxeViolations(page);
    await screenshot(page, "login-unconfirmed");

    await resend.click();
    await expectText(page, AUTH_MSG.resendSuccess);
    const second = await latestMailTo(user.email, { subject: /confirm/i, after: first.id });
    const link = linkFrom(second, "/auth/callback");
    await page.goto(link.pathname + link.search);
    await expectText(page, AUTH_MSG.callbackConfirmedSession);
    await expectPath(page, "/dashboard");
  });
});
