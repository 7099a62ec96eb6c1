import { LOGIN_LOCKOUT_AT, LOGIN_WARNING_AFTER, AUTH_MSG } from "../common/auth.js";

import type { Request } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  buildUser,
  expectNoAxeViolations,
  expectNoText,
  expectPath,
  expectText,
  keepRecoveryKeyDialog,
  latestMailTo,
  linkFrom,
  newPage,
  recoveryKeyDialog,
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

  it("sends the typed password only once, to move an old account over; never again after that", async () => {
    // buildUser registers through the API without keys: the first browser sign-in moves over.
    const user = await buildUser();
    const bodies = (page: Awaited<ReturnType<typeof newPage>>) => {
      const seen: { path: string; body: string }[] = [];
      page.on("request", (r: Request) =>
        seen.push({ path: new URL(r.url()).pathname, body: r.postData() ?? "" }),
      );
      return seen;
    };

    const first = await newPage();
    await keepRecoveryKeyDialog(first);
    const firstBodies = bodies(first);
    await signIn(first, user.email, user.password);
    await expectPath(first, "/dashboard");
    const dialog = recoveryKeyDialog(first);
    await dialog.waitFor({ timeout: 15_000 });
    const recoveryKey = (await dialog.getByTestId("recovery-key").innerText()).trim();
    expect(recoveryKey.replace(/[\s-]+/g, "")).toMatch(/^[0-9A-HJKMNP-TV-Z]{32}$/);
    await expectNoAxeViolations(first);
    await screenshot(first, "recovery-key-after-move-over");
    await dialog.getByRole("button", { name: "I have saved it" }).click();
    await dialog.waitFor({ state: "hidden" });
    // The old password went to sign in and to the move-over (its last time), nowhere else.
    const withPassword = firstBodies
      .filter((b) => b.body.includes(user.password))
      .map((b) => b.path);
    expect(withPassword.sort()).toEqual(["/api/auth/sign-in/email", "/api/vault/key/move-over"]);
    await first.context().close();

    // From now on the password stays in the browser: only the derived secret is sent.
    const page = await newPage();
    const seen = bodies(page);
    await signIn(page, user.email, user.password);
    await expectPath(page, "/dashboard");
    await settle(page);
    expect(seen.some((b) => b.path === "/api/kdf")).toBe(true);
    const signInBody = seen.find((b) => b.path === "/api/auth/sign-in/email")?.body ?? "";
    expect(JSON.parse(signInBody)).toMatchObject({ email: user.email });
    expect(seen.filter((b) => b.body.includes(user.password))).toEqual([]);
    await expectNoText(page, "Save your recovery key");

    // A wrong password still gets the usual answer (and counts), with nothing of it sent either.
    const other = await newPage();
    const otherSeen = bodies(other);
    await signIn(other, user.email, "Not-The-Right-One-99");
    await expectText(other, "Invalid email or password");
    expect(otherSeen.filter((b) => b.body.includes("Not-The-Right-One-99"))).toEqual([]);
  });
});
