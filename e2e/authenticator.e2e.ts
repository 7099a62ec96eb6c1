import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { AUTH_MSG } from "../common/auth.js";
import { RECOVERY_CODE_COUNT, TWO_FACTOR_MSG } from "../common/two-factor.js";
import { nextTotpCode, totpCode, wrongTotpCode } from "../test/totp.js";
import {
  DESKTOP,
  buildUser,
  checkLightAndDark,
  codeFrom,
  enterCode,
  expectNoAxeViolations,
  expectPath,
  expectText,
  keepForSteps,
  latestMailTo,
  newPage,
  settle,
  signIn,
  signedInPage,
  waitForOpenVault,
} from "./fixtures.js";

const section = (page: Page) => page.locator("#sign-in-protection");

describe("authenticator app and recovery codes (decision 052): set up from the profile with a QR code and its first code; sign-in asks for the app, takes a recovery code once, and still offers the e-mailed code", () => {
  let user: Awaited<ReturnType<typeof buildUser>>;
  let page: Page;
  let key = "";
  let codes: string[] = [];

  it("the password first (sent as its sign-in secret), then the QR code and the key as text", async () => {
    user = await buildUser();
    page = keepForSteps(await signedInPage(user));
    await page.goto("/profile/security#sign-in-protection");
    await settle(page);

    await page.getByRole("button", { name: "Set up an authenticator app" }).click();
    const password = section(page).getByLabel("Password", { exact: true });
    await password.fill("not my password");
    await section(page).getByRole("button", { name: "Continue" }).click();
    await expectText(page, AUTH_MSG.currentPasswordWrong);
    await password.fill(user.password);
    await section(page).getByRole("button", { name: "Continue" }).click();
    await section(page).getByRole("img", { name: "QR code for your authenticator app" }).waitFor();
    key = ((await page.getByTestId("authenticator-key").textContent()) ?? "").replace(/\s/g, "");
    expect(key).toMatch(/^[A-Z2-7]{32,}$/);
    await checkLightAndDark(page, "authenticator-setup", { part: section(page) });
    await page.setViewportSize(DESKTOP);
  });

  it("the app's first code turns it on; ten recovery codes are shown once, with a download", async () => {
    await enterCode(page, wrongTotpCode(key));
    await expectText(page, AUTH_MSG.mfaInvalid);
    await enterCode(page, totpCode(key));
    await expectText(page, TWO_FACTOR_MSG.authenticatorOn);
    const added = await latestMailTo(user.email, { subject: /authenticator app was added/ });
    expect(added.text).not.toContain(key);

    const list = page.getByTestId("recovery-codes");
    await list.waitFor();
    codes = (await list.getByRole("listitem").allTextContents()).map((c) => c.trim());
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      section(page).getByRole("button", { name: "Download" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("legacy-vault-recovery-codes.txt");
    await checkLightAndDark(page, "recovery-codes", { part: section(page) });
    await page.setViewportSize(DESKTOP);
    await page.getByRole("button", { name: TWO_FACTOR_MSG.recoverySaved }).click();
    await expectText(page, TWO_FACTOR_MSG.recoveryLeft(RECOVERY_CODE_COUNT));
    await expect(page.getByTestId("recovery-codes").count()).resolves.toBe(0);
    // the e-mailed code is the app's fallback now: it cannot be turned off on its own
    await expectText(page, TWO_FACTOR_MSG.emailFallbackOn);
    await checkLightAndDark(page, "sign-in-protection-on", { part: section(page) });
  });

  it("sign-in asks for the app's code, and no e-mail is sent for it", async () => {
    const beforeSignIn = (await latestMailTo(user.email)).id;
    const app = await newPage();
    await signIn(app, user.email, user.password);
    await expectPath(app, "/mfa");
    await expectText(app, TWO_FACTOR_MSG.appTitle);
    await checkLightAndDark(app, "mfa-app");
    await app.setViewportSize(DESKTOP);
    await enterCode(app, wrongTotpCode(key));
    await expectText(app, AUTH_MSG.mfaInvalid);
    await expectNoAxeViolations(app);
    await enterCode(app, nextTotpCode(key)); // the code that confirmed the app works once
    await expectPath(app, "/dashboard");
    await waitForOpenVault(app);
    const mailSince = await latestMailTo(user.email);
    expect(/code/i.test(mailSince.subject) && mailSince.id > beforeSignIn).toBe(false);
  });

  it("a recovery code, typed in lower case with a space, works once; then the e-mailed code signs in", async () => {
    const recovery = codes[0] ?? "";
    const withCode = await newPage();
    await signIn(withCode, user.email, user.password);
    await expectPath(withCode, "/mfa");
    await withCode.getByRole("button", { name: TWO_FACTOR_MSG.useRecovery }).click();
    await withCode.getByLabel("Recovery code").fill(recovery.toLowerCase().replace("-", " "));
    await checkLightAndDark(withCode, "mfa-recovery");
    await withCode.setViewportSize(DESKTOP);
    await withCode.getByRole("button", { name: /^verify code$/i }).click();
    await expectPath(withCode, "/dashboard");
    await latestMailTo(user.email, { subject: /recovery code was used/ });

    const again = await newPage();
    await signIn(again, user.email, user.password);
    await expectPath(again, "/mfa");
    await again.getByRole("button", { name: TWO_FACTOR_MSG.useRecovery }).click();
    await again.getByLabel("Recovery code").fill(recovery);
    await again.getByRole("button", { name: /^verify code$/i }).click();
    await expectText(again, TWO_FACTOR_MSG.recoveryInvalid);

    // the e-mailed code: asked for, said to be sent only once it was, and it signs in
    const beforeEmail = (await latestMailTo(user.email)).id;
    await again.getByRole("button", { name: TWO_FACTOR_MSG.useEmail }).click();
    await expectText(again, AUTH_MSG.mfaResent);
    const mailed = codeFrom(
      await latestMailTo(user.email, { subject: /code/i, after: beforeEmail }),
    );
    await expectNoAxeViolations(again);
    await enterCode(again, mailed);
    await expectPath(again, "/dashboard");
  });
});
