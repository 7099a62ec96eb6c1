import type { Locator, Page } from "playwright-core";
import {
  apiRequest,
  confirmUser,
  expectText,
  GOOD_PASSWORD,
  latestMailTo,
  linkFrom,
  settle,
  uniqueEmail,
  type TestUser,
} from "./fixtures.js";

/**
 * Set-up for the journeys of decision 038 (e2e/register, reset-password, recovery-kit): accounts
 * made through /register, where the browser makes the keys and shows the recovery kit once.
 */

/** The recovery key the kit in `scope` shows (8 groups of four, hyphenated). */
export async function readRecoveryKey(scope: Page | Locator): Promise<string> {
  const key = scope.getByTestId("recovery-key");
  await key.waitFor();
  const text = ((await key.textContent()) ?? "").trim();
  if (!/^([0-9A-Z]{4}-){7}[0-9A-Z]{4}$/.test(text))
    throw new Error(`The recovery kit shows ${JSON.stringify(text)}, not a recovery key`);
  return text;
}

/** Fills /register's form (the page must be on /register) and submits it. */
export async function submitRegisterForm(page: Page, user: TestUser): Promise<void> {
  await page.getByLabel("Full Name").fill(user.name);
  await page.getByLabel("Email", { exact: true }).fill(user.email);
  await page.getByLabel("Password", { exact: true }).fill(user.password);
  await page.getByLabel("Confirm Password").fill(user.password);
  await page.getByRole("button", { name: /^(create account|register|sign up)$/i }).click();
}

/**
 * A confirmed account made through /register in `page` (its keys made in that browser), with the
 * recovery key its kit showed; "I have saved it" clicked. The page is left on "Check your email",
 * not signed in.
 */
export async function registerWithKit(
  page: Page,
  overrides: Partial<TestUser> = {},
): Promise<{ user: TestUser; recoveryKey: string }> {
  const user = {
    name: overrides.name ?? "Kit Keeper",
    email: overrides.email ?? uniqueEmail("kit"),
    password: overrides.password ?? GOOD_PASSWORD,
  };
  await page.goto("/register");
  await settle(page);
  await submitRegisterForm(page, user);
  const recoveryKey = await readRecoveryKey(page);
  await page.getByRole("button", { name: "I have saved it" }).click();
  await expectText(page.getByRole("heading", { level: 1 }), "Check your email");
  await confirmUser(user.email);
  return { user, recoveryKey };
}

/** Asks for a reset link for `email` (as /reset-password does) and returns its path and query. */
export async function resetLinkFor(email: string): Promise<string> {
  const before = await latestMailTo(email).then(
    (m) => m.id,
    () => 0,
  );
  const res = await apiRequest("POST", "/api/auth/request-password-reset", {
    email,
    redirectTo: "/update-password",
  });
  if (res.status !== 200)
    throw new Error(`request-password-reset answered ${res.status}: ${JSON.stringify(res.body)}`);
  const link = linkFrom(
    await latestMailTo(email, { after: before, subject: /reset/i }),
    "/update-password",
  );
  return link.pathname + link.search;
}
