import { APP_MSG } from "../common/app.js";
import { AUTH_MSG } from "../common/auth.js";
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import {
  buildUser,
  codeFrom,
  enterCode,
  expectNoAxeViolations,
  expectPath,
  expectText,
  latestMailTo,
  newPage,
  screenshot,
  settle,
  signIn,
  type TestUser,
} from "./fixtures.js";

describe("sign-in codes by e-mail", () => {
  it("once turned on in /profile, sign-in asks for the mailed code: a wrong one is refused, the right one signs in", async () => {
    const user = await buildUser();
    const page = await newPage();
    await signIn(page, user.email, user.password);
    await expectPath(page, "/dashboard");
    await turnOnEmailCodes(page, user);
    const me = await page.request.get("/api/me");
    expect(
      ((await me.json()) as { user: { twoFactorEnabled: boolean } }).user.twoFactorEnabled,
    ).toBe(true);

    const fresh = await newPage();
    const before = (await latestMailTo(user.email)).id;
    await signIn(fresh, user.email, user.password);
    await expectPath(fresh, "/mfa");
    await expectText(fresh, "Two-Factor Authentication");
    await expectText(fresh, "Enter the verification code sent to your email");
    await settle(fresh);
    await expectNoAxeViolations(fresh);
    await screenshot(fresh, "mfa");

    const code = codeFrom(await latestMailTo(user.email, { subject: /code/i, after: before }));
    await enterCode(fresh, wrongCode(code));
    await expectText(fresh, AUTH_MSG.mfaInvalid);
    await expectNoAxeViolations(fresh);

    // Resend e-mails a new code and says so; the newest code is the one that works (docs/decisions/018).
    let latest = code;
    for (let sent = 3; sent <= 5; sent++) {
      const beforeResend = (await latestMailTo(user.email)).id;
      await fresh.getByRole("button", { name: "Resend" }).click();
      await expectText(fresh, AUTH_MSG.mfaResent);
      latest = codeFrom(await latestMailTo(user.email, { subject: /code/i, after: beforeResend }));
    }
    // Five codes an hour per account (turning codes on, sign-in, three resends): the next Resend says it was refused.
    await fresh.getByRole("button", { name: "Resend" }).click();
    await expectText(fresh, APP_MSG.tooManyRequests);
    await expectNoAxeViolations(fresh);
    await enterCode(fresh, latest);
    await expectPath(fresh, "/dashboard");
  });
});

/** /profile/security: "Turn on" sends a code to the user's address; entering it turns sign-in codes on. */
async function turnOnEmailCodes(page: Page, user: TestUser) {
  await page.goto("/profile/security");
  await settle(page);
  await expectNoAxeViolations(page);
  const before = (await latestMailTo(user.email)).id;
  await page.getByRole("button", { name: /^turn on/i }).click();
  await expectText(page, AUTH_MSG.twoFactorCodeSent);
  await enterCode(
    page,
    codeFrom(await latestMailTo(user.email, { subject: /code/i, after: before })),
  );
  await expectText(page, AUTH_MSG.twoFactorOn);
  await settle(page);
  await expectNoAxeViolations(page);
  await screenshot(page, "profile-codes-on");
}

/** A six-digit code that differs from `code` in every digit. */
function wrongCode(code: string): string {
  return [...code].map((d) => String((Number(d) + 5) % 10)).join("");
}
