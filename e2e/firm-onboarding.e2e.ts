import { AUTH_MSG } from "../common/auth.js";
import { randomInt, randomUUID } from "node:crypto";
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { FIRM_CODE_ALPHABET, FIRM_CODE_MSG } from "../common/firm-codes.js";
import { FIRM_CONSENT_MSG } from "../common/firm-membership.js";
import { FIRM_MSG, FIRM_ONBOARDING_MSG } from "../common/firms.js";

import {
  apiRequest,
  appUrl,
  buildUser,
  checkLightAndDark,
  confirmUser,
  DESKTOP,
  expectNoAxeViolations,
  expectNoText,
  expectPath,
  expectText,
  GOOD_PASSWORD,
  keepForSteps,
  latestMailTo,
  linkFrom,
  MOBILE,
  newPage,
  screenshot,
  settle,
  signIn,
  uniqueEmail,
  type TestUser,
} from "./fixtures.js";

type Firm = { id: string; name: string; code: string };

const suffix = () => randomUUID().slice(0, 8);

/** A firm registered and claimed through the API (steps 1 and 2 of /firm-register), its admin confirmed. */
async function buildFirmAdmin(): Promise<{ admin: TestUser; firm: Firm }> {
  const name = `Firm ${suffix()} LLP`;
  const created = await apiRequest<{
    id: string;
    name: string;
    firm_code: string;
    claimSecret: string;
  }>("POST", "/api/firms", {
    name,
    phone: null,
    address: null,
  });
  if (created.status !== 201)
    throw new Error(
      `buildFirmAdmin: POST /api/firms answered ${created.status}: ${JSON.stringify(created.body)}`,
    );
  const admin = { name: "Grace Hopper", email: uniqueEmail("firm-admin"), password: GOOD_PASSWORD };
  const { id, claimSecret, firm_code } = created.body;
  const claim = await apiRequest("POST", "/api/firms/claim", {
    firmId: id,
    claimSecret,
    ...admin,
    phone: null,
  });
  if (claim.status !== 200)
    throw new Error(
      `buildFirmAdmin: POST /api/firms/claim answered ${claim.status}: ${JSON.stringify(claim.body)}`,
    );
  await confirmUser(admin.email);
  return { admin, firm: { id, name, code: firm_code } };
}

/** Visible text only: at 360 px some table cells are hidden and their content shown elsewhere. */
const visibleText = (scope: Page | Locator, text: string) =>
  scope.getByText(text, { exact: true }).filter({ visible: true }).first();

type ClipboardGlobals = { navigator: { clipboard: { readText(): Promise<string> } } };
const readClipboard = (page: Page) =>
  page.evaluate(() => (globalThis as unknown as ClipboardGlobals).navigator.clipboard.readText());

/**
 * At both widths in turn, on the same page (the codes table becomes cards below 640 px): what
 * `check` looks for, and axe, on one screen state.
 */
async function atBothWidths(page: Page, check: () => Promise<void>): Promise<void> {
  for (const size of [DESKTOP, MOBILE]) {
    await page.setViewportSize(size);
    await check();
  }
}

describe("firm onboarding", () => {
  /**
   * One firm built over the API, for the whole file: its name is the one taken at /firm-register,
   * its administrator manages its codes, and a client joins it by its code.
   */
  let built: { admin: TestUser; firm: Firm };
  describe("a firm registers in three steps; its administrator proves the address, then gets the recovery kit and the firm code (decision 073)", () => {
    const firmName = `Hopper & Lovelace ${suffix()} LLP`;
    const admin = { name: "Grace Hopper", email: uniqueEmail("firm-register") };
    let page: Page;
    let mailPage: Page;

    it("steps 1 and 2, then 'check your email to finish': neither a recovery kit nor a firm code", async () => {
      built = await buildFirmAdmin();
      page = keepForSteps(await newPage());
      await page.goto("/firm-register");
      await settle(page);
      await expectText(page.getByRole("heading", { level: 1 }), "Register Your Law Firm");
      expect(await page.getByRole("tab", { name: "Admin Account" }).isDisabled()).toBe(true);
      expect(await page.getByRole("tab", { name: "Confirmation" }).isDisabled()).toBe(true);
      await expectNoAxeViolations(page);

      // Step 1: firm details.
      const step = page.getByRole("tabpanel");
      const continueButton = page.getByRole("button", { name: "Continue to Admin Setup" });
      await continueButton.click();
      await expectText(step, "Firm name is required");
      await expectNoAxeViolations(page);
      await step.getByLabel("Law Firm Name").fill(built.firm.name);
      await continueButton.click();
      await expectText(step, FIRM_MSG.firmNameTaken);
      await step.getByLabel("Law Firm Name").fill(firmName);
      await step.getByLabel("Phone Number (Optional)").fill("+1 555 0100");
      await step.getByLabel("Address (Optional)").fill("1 Main Street\nSpringfield");
      await continueButton.click();
      await expectText(page, FIRM_MSG.firmCreated);

      // Step 2: the administrator.
      await expectText(step, FIRM_ONBOARDING_MSG.adminNote(firmName));
      expect(
        await page.getByRole("tab", { name: "Admin Account" }).getAttribute("aria-selected"),
      ).toBe("true");
      await step.getByLabel("Full Name").fill(admin.name);
      await step.getByLabel("Email").fill(admin.email);
      await step.getByLabel("Password", { exact: true }).fill(GOOD_PASSWORD);
      await step.getByLabel("Confirm Password").fill(`${GOOD_PASSWORD}!`);
      await page.getByRole("button", { name: "Complete Registration" }).click();
      await expectText(step, FIRM_ONBOARDING_MSG.adminPasswordsDontMatch);
      await expectNoAxeViolations(page);
      await step.getByLabel("Confirm Password").fill(GOOD_PASSWORD);
      await page.getByRole("button", { name: "Complete Registration" }).click();
      await expectText(page, FIRM_MSG.adminCreated);

      // Step 3: the same for every address; nothing here works before the address is proven.
      await expectText(
        step.getByRole("heading", { level: 2 }),
        FIRM_ONBOARDING_MSG.checkEmailTitle,
      );
      await expectText(step, FIRM_ONBOARDING_MSG.confirmationSent(admin.email));
      await expectText(step, FIRM_ONBOARDING_MSG.afterTheLink);
      expect(await page.getByTestId("recovery-key").count()).toBe(0);
      expect(await step.getByRole("definition").count()).toBe(0);
      // One way on (issue 16): "Go to Login", and no other link to /login.
      expect(await page.locator('a[href="/login"]').count()).toBe(1);
      expect(await page.getByRole("link", { name: "Go to Login" }).count()).toBe(1);
      await checkLightAndDark(page, "firm-register-check-email");
    });

    it("the e-mailed link confirms and signs in; the password then makes the recovery kit, shown once", async () => {
      const link = linkFrom(
        await latestMailTo(admin.email, { subject: /confirm/i }),
        "/auth/callback",
      );
      mailPage = keepForSteps(await newPage());
      await mailPage
        .context()
        .grantPermissions(["clipboard-read", "clipboard-write"], { origin: appUrl() });
      await mailPage.goto(link.pathname + link.search);
      await expectText(mailPage, AUTH_MSG.callbackConfirmedSession);
      await expectPath(mailPage, "/dashboard");
      const kit = mailPage.getByRole("dialog", { name: FIRM_ONBOARDING_MSG.firstKitTitle });
      await expectText(kit, FIRM_ONBOARDING_MSG.firstKitPassword);
      await checkLightAndDark(mailPage, "firm-first-kit-password", { fullPage: false });
      await kit.getByLabel("Password").fill(GOOD_PASSWORD);
      await kit.getByRole("button", { name: "Unlock" }).click();
      expect(await kit.getByTestId("recovery-key").textContent({ timeout: 10_000 })).toMatch(
        /^([0-9A-Z]{4}-){7}[0-9A-Z]{4}$/,
      );
      await checkLightAndDark(mailPage, "firm-first-kit", { fullPage: false });
      await kit.getByRole("button", { name: "I have saved it" }).click();
    });

    it("then 'Registration Complete!' with the firm code, which works from now on; signing in elsewhere shows no second kit", async () => {
      const done = mailPage.getByRole("dialog", {
        name: FIRM_ONBOARDING_MSG.registrationComplete,
      });
      await expectText(done, FIRM_ONBOARDING_MSG.firmReady(firmName));
      await expectText(done, FIRM_ONBOARDING_MSG.saveFirmCode);
      const firmCode = ((await done.getByRole("definition").textContent()) ?? "").trim();
      expect(firmCode).toMatch(/^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{8}$/);
      // The code copies with one press.
      await done.getByRole("button", { name: `Copy code ${firmCode}` }).click();
      await expectText(mailPage, FIRM_CODE_MSG.codeCopied);
      expect(await readClipboard(mailPage)).toBe(firmCode);
      await checkLightAndDark(mailPage, "firm-registration-complete", { fullPage: false });
      await done.getByRole("button", { name: "Go to Dashboard" }).click();
      await done.waitFor({ state: "hidden" });
      await expectPath(mailPage, "/dashboard");

      // Anyone can now find the firm by that code.
      const lookup = await apiRequest<{ firm: { name: string } }>(
        "GET",
        `/api/firms/lookup?code=${firmCode}`,
      );
      expect(lookup.body.firm.name).toBe(firmName);

      // The wizard's tab signs in with the password: the kit was made once, none is asked for again.
      await page.getByRole("link", { name: "Go to Login" }).click();
      await expectPath(page, "/login");
      await signIn(page, admin.email, GOOD_PASSWORD);
      await expectPath(page, "/dashboard");
      await settle(page);
      await expectText(page.getByRole("main").first(), firmName);
      await expectNoText(page, FIRM_ONBOARDING_MSG.firstKitTitle);
      await expectNoAxeViolations(page);
    });
  });

  describe("Firm Codes Manager", () => {
    let page: Page;

    it("the firm's administrator signs in", async () => {
      page = keepForSteps(await newPage());
      await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
      await signIn(page, built.admin.email, built.admin.password);
      await expectPath(page, "/dashboard");
    });

    // One code through its life, each state looked at 1280 and 360 px on the same page (the
    // buttons are the same elements at both widths: a table row, or a card below 640 px).
    it("creates a code, copies it and deactivates it; each state at 1280 and 360 px", async () => {
      const { firm } = built;
      // A chosen code: 8 characters of the alphabet without look-alikes (docs/decisions/018).
      const code = Array.from(
        { length: 8 },
        () => FIRM_CODE_ALPHABET[randomInt(FIRM_CODE_ALPHABET.length)],
      ).join("");
      await page.goto("/firm/codes");
      await settle(page);
      await expectText(page, FIRM_CODE_MSG.manageCodesFor(firm.name));
      await atBothWidths(page, async () => {
        await visibleText(page.getByRole("table"), firm.code).waitFor();
        await expectNoAxeViolations(page);
      });

      await page.getByRole("button", { name: "Create New Code" }).click();
      const dialog = page.getByRole("dialog", { name: "Create New Code" });
      await expectText(dialog, FIRM_CODE_MSG.codeHint);
      await dialog.getByLabel("Code (optional)").pressSequentially(code.toLowerCase());
      expect(await dialog.getByLabel("Code (optional)").inputValue()).toBe(code);
      await dialog.getByLabel("Description (optional)").fill("Springfield office");
      await atBothWidths(page, () => expectNoAxeViolations(page));
      await dialog.getByRole("button", { name: "Create Code" }).click();
      await expectText(page, FIRM_CODE_MSG.codeCreated);
      await dialog.waitFor({ state: "hidden" });

      const row = page.getByRole("row").filter({ hasText: code });
      await atBothWidths(page, async () => {
        await visibleText(row, "Springfield office").waitFor();
        await visibleText(row, "Active").waitFor();
        await row.getByRole("button", { name: `Copy code ${code}` }).waitFor();
        await row.getByRole("button", { name: `Deactivate code ${code}` }).waitFor();
        await screenshot(page, "firm-codes");
      });

      await row.getByRole("button", { name: `Copy code ${code}` }).click();
      await expectText(page, FIRM_CODE_MSG.codeCopied);
      await row.getByRole("button", { name: `Code ${code} copied` }).waitFor();
      expect(await readClipboard(page)).toBe(code);

      await row.getByRole("button", { name: `Deactivate code ${code}` }).click();
      const confirm = page.getByRole("alertdialog", { name: FIRM_CODE_MSG.deactivateTitle });
      await expectText(confirm, FIRM_CODE_MSG.deactivateText);
      await atBothWidths(page, () => expectNoAxeViolations(page));
      await confirm.getByRole("button", { name: "Deactivate" }).click();
      await expectText(page, FIRM_CODE_MSG.codeDeactivated);
      await atBothWidths(page, async () => {
        await visibleText(row, "Inactive").waitFor();
        expect(await row.getByRole("button", { name: /^Deactivate/ }).count()).toBe(0);
        await expectNoAxeViolations(page);
      });
      await page.setViewportSize(DESKTOP);

      // An inactive code no longer leads to the firm.
      expect((await apiRequest("GET", `/api/firms/lookup?code=${code}`)).status).toBe(404);
    });
  });

  it("a client joins the firm by its code, checked as they type", async () => {
    const { firm } = built;
    const client = await buildUser({ name: "Ada Client" });
    const page = await newPage(MOBILE);
    await signIn(page, client.email, client.password);
    await expectPath(page, "/dashboard");

    // Without a firm there are no codes to manage.
    await page.goto("/firm/codes");
    await settle(page);
    await expectText(page, FIRM_CODE_MSG.noFirmAccessTitle);
    await expectNoAxeViolations(page);

    // The form's messages as typed (a code asked for, 'Checking...', one look-up 500 ms after the
    // last key, upper case): join-firm-form.test.tsx; here each state's look, and the join.
    await page.goto("/join-firm");
    await settle(page);
    await expectText(page.getByRole("heading", { level: 1 }), "Join a Law Firm");
    await expectNoAxeViolations(page);
    const input = page.getByLabel("Firm Code");
    const joinButton = page.getByRole("button", { name: "Join Firm" });

    await input.pressSequentially("zz9 zz9");
    expect(await input.inputValue()).toBe("ZZ9ZZ9");
    await expectText(page, FIRM_CODE_MSG.invalidFirmCode);
    expect(await joinButton.isDisabled()).toBe(true);
    await expectNoAxeViolations(page);

    await input.fill("");
    await input.pressSequentially(` ${firm.code.slice(0, 3).toLowerCase()} ${firm.code.slice(3)}`);
    await expectText(page, FIRM_CODE_MSG.associatedWith(firm.name));
    expect(await joinButton.isDisabled()).toBe(false);
    await expectNoAxeViolations(page);
    await screenshot(page, "join-firm-valid");

    await joinButton.click();
    // what the firm will see, then "Join {firm}" (decision 047)
    await page
      .getByRole("alertdialog", { name: FIRM_CONSENT_MSG.title(firm.name) })
      .getByRole("button", { name: FIRM_CONSENT_MSG.confirm(firm.name), exact: true })
      .click();
    await expectText(page, FIRM_CODE_MSG.joinSuccess);
    await expectPath(page, "/dashboard");
    await expectText(page.getByRole("main").first(), firm.name);

    // A member who is not the firm's admin is turned away from the codes.
    await page.goto("/firm/codes");
    await expectText(page, FIRM_CODE_MSG.codesNoPermission);
    await expectPath(page, "/dashboard");

    await page.goto("/join-firm");
    await settle(page);
    await expectText(page, FIRM_CODE_MSG.alreadyInFirm(firm.name));
    await expectNoAxeViolations(page);
  });
});
