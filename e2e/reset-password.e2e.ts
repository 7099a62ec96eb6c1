import { AUTH_MSG } from "../common/auth.js";
import { describe, it } from "vitest";
import {
  buildUser,
  expectNoAxeViolations,
  expectPath,
  expectText,
  latestMailTo,
  linkFrom,
  newPage,
  screenshot,
  settle,
  signIn,
} from "./fixtures.js";

const NEW_PASSWORD = "Marmalade-Lighthouse-77";

describe("password reset", () => {
  it("resets the password by the e-mailed link; the new one signs in, the old one no longer does", async () => {
    const user = await buildUser();
    const page = await newPage();
    await page.goto("/login");
    await settle(page);
    await page.getByRole("link", { name: "Forgot password?" }).click();
    await expectPath(page, "/reset-password");
    await settle(page);
    await expectNoAxeViolations(page);

    await page.getByLabel("Email", { exact: true }).fill(user.email);
    await page.getByRole("button", { name: /reset|send/i }).click();
    await expectText(page, AUTH_MSG.resetSent);
    await screenshot(page, "reset-password-sent");

    const link = linkFrom(
      await latestMailTo(user.email, { subject: /reset/i }),
      "/update-password",
    );
    await page.goto(link.pathname + link.search);
    await settle(page);
    await expectNoAxeViolations(page);
    await page.getByLabel(/^new password$/i).fill(NEW_PASSWORD);
    await page.getByLabel(/^confirm (new )?password$/i).fill(NEW_PASSWORD);
    await page.getByRole("button", { name: /update|reset|save|set/i }).click();
    await expectText(page, AUTH_MSG.passwordUpdated);
    await screenshot(page, "password-updated");

    await page.goto("/login");
    await signIn(page, user.email, user.password);
    await expectText(page, "Invalid email or password");
    await signIn(page, user.email, NEW_PASSWORD);
    await expectPath(page, "/dashboard");
  });
});
