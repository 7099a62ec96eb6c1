import { AUTH_MSG } from "../common/auth.js";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  appUrl,
  expectNoAxeViolations,
  expectPath,
  expectText,
  GOOD_PASSWORD,
  latestMailTo,
  linkFrom,
  MOBILE,
  newPage,
  screenshot,
  settle,
  uniqueEmail,
} from "./fixtures.js";
import { readRecoveryKey, submitRegisterForm } from "./recovery-kit-setup.js";

type Globals = { document: { documentElement: { scrollWidth: number } } };
const pageWidth = (page: Page) =>
  page.evaluate(() => (globalThis as unknown as Globals).document.documentElement.scrollWidth);

/** Every request body the page sends, as text (to check that the password is in none). */
function recordBodies(page: Page): { url: string; body: string }[] {
  const sent: { url: string; body: string }[] = [];
  page.on("request", (r) =>
    sent.push({ url: new URL(r.url()).pathname, body: r.postData() ?? "" }),
  );
  return sent;
}

describe("registration", () => {
  it("registers, shows the recovery kit once (printable), opens the e-mailed link and lands on the dashboard signed in", async () => {
    const user = { name: "Ada Lovelace", email: uniqueEmail("register"), password: "" };
    const page = await newPage();
    const sent = recordBodies(page);
    await page.goto("/register");
    await settle(page);
    await expectNoAxeViolations(page);
    // The form's messages and focus: register-form.test.tsx (decision 078); their look here.
    await page.getByRole("button", { name: "Create Account" }).click();
    await expectText(page, AUTH_MSG.registerMissing);
    await expectNoAxeViolations(page);

    // A common password is refused in the browser: nothing is sent but the list's download.
    await submitRegisterForm(page, { ...user, password: "Password123" });
    await expectText(page, AUTH_MSG.commonPassword);
    expect(sent.filter((s) => s.url.startsWith("/api/register"))).toEqual([]);
    expect(sent.map((s) => s.url)).toContain("/common-passwords.txt.gz");
    await expectNoAxeViolations(page);

    await submitRegisterForm(page, { ...user, password: GOOD_PASSWORD });
    await expectText(page.getByRole("heading", { level: 1 }), "Save your recovery kit");
    const recoveryKey = await readRecoveryKey(page);
    await expectNoAxeViolations(page);
    await screenshot(page, "register-recovery-kit");

    // What was sent: the derived sign-in secret and the wrapped keys, never the password.
    const registered = sent.find((s) => s.url === "/api/register");
    const body = JSON.parse(registered?.body ?? "{}") as {
      password?: string;
      keys?: { kdf: { salt: string; iterations: number } };
    };
    expect(body.password).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.keys?.kdf.iterations).toBeGreaterThanOrEqual(600_000);
    expect(sent.some((s) => s.body.includes(GOOD_PASSWORD))).toBe(false);
    expect(sent.some((s) => s.body.includes(recoveryKey))).toBe(false);

    // Printing shows the one-page kit alone: the key and what it is for.
    await page.emulateMedia({ media: "print" });
    await expectText(page, "Legacy Vault recovery kit");
    await expectText(page, `For the account: ${user.email}`);
    expect(await page.getByText(recoveryKey, { exact: true }).last().isVisible()).toBe(true);
    expect(await page.getByRole("main").isVisible()).toBe(false);
    await screenshot(page, "recovery-kit-sheet");
    await page.emulateMedia({ media: "screen" });

    await page.getByRole("button", { name: "I have saved it" }).click();
    await expectText(page, AUTH_MSG.registerSuccess);
    await expectText(page.getByRole("heading", { level: 1 }), "Check your email");
    await expectNoAxeViolations(page);
    await screenshot(page, "register-check-email");
    // Nothing of the kit was kept: no key in the page or the tab's storage.
    expect(await page.content()).not.toContain(recoveryKey);

    const link = linkFrom(
      await latestMailTo(user.email, { subject: /confirm/i }),
      "/auth/callback",
    );
    expect(link.origin).toBe(appUrl());
    await page.goto(link.pathname + link.search);
    await expectText(page, AUTH_MSG.callbackConfirmedSession);
    await expectPath(page, "/dashboard");
    await settle(page);
    // In the screen itself, not only in the layout's account menu.
    await expectText(page.getByRole("main").first(), user.name);
    await expectNoAxeViolations(page);
  });

  it.each(["light", "dark"] as const)(
    "the recovery kit at 360 px in %s: no sideways scrolling, accessible",
    async (scheme) => {
      const page = await newPage(MOBILE);
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto("/register");
      await settle(page);
      await submitRegisterForm(page, {
        name: "Narrow Nora",
        email: uniqueEmail("narrow"),
        password: GOOD_PASSWORD,
      });
      await readRecoveryKey(page);
      // No toast over the kit's buttons: the success toast waits for "I have saved it" (issue 16).
      expect(await page.getByText(AUTH_MSG.registerSuccess).count()).toBe(0);
      expect(await pageWidth(page)).toBeLessThanOrEqual(MOBILE.width);
      await expectNoAxeViolations(page);
      await screenshot(page, `register-recovery-kit-${scheme}`);
      await page.getByRole("button", { name: "I have saved it" }).click();
      await expectText(page.getByRole("heading", { level: 1 }), "Check your email");
      await expectText(page, AUTH_MSG.registerSuccess);
    },
  );
});
