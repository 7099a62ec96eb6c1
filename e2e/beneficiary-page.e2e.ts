import { describe, expect, it } from "vitest";
import { addBeneficiary, addPassword } from "./release-setup.js";
import {
  buildUser,
  expectNoAxeViolations,
  expectPath,
  expectText,
  MOBILE,
  newPage,
  openPath,
  screenshot,
  settle,
  signIn,
  uniqueEmail,
  waitForOpenVault,
} from "./fixtures.js";

/** Issue 16 point 7: a page per beneficiary, "What Emma will receive", with a preview of her portal. */

describe("a beneficiary's page", () => {
  it("shows what Emma will receive, when, her access key and her portal's list; nothing of Sam's", async () => {
    const owner = await buildUser({ name: "Olive Owner" });
    const page = await newPage();
    await signIn(page, owner.email, owner.password);
    await expectPath(page, "/dashboard");
    const emma = uniqueEmail("emma");
    const sam = uniqueEmail("sam");
    await addBeneficiary(page, "Emma Stone", emma);
    await addBeneficiary(page, "Sam Small", sam);
    await addPassword(page, "Family bank", "Correct-Horse-41", emma);
    await addPassword(page, "Allotment lock", "Battery-Staple-77", emma);
    await addPassword(page, "Car", "Staple-Battery-12", sam);

    await openPath(page, "/beneficiaries");
    await page.getByRole("link", { name: "Emma Stone", exact: true }).click();
    await page.waitForURL(/\/beneficiaries\/[0-9a-f-]{36}$/);
    await settle(page);
    await page.getByRole("heading", { level: 1, name: "Emma Stone" }).waitFor();
    const receive = page.getByRole("list", { name: "What Emma will receive" });
    await receive.waitFor();
    expect(await receive.getByRole("link").allInnerTexts()).toEqual([
      "Allotment lock",
      "Family bank",
    ]);
    await expectText(page, "Review your release plan");
    await expectText(page, /Emma receives these|inactivity trigger is off/);
    const preview = page.getByRole("figure", { name: "What Emma’s portal will show" });
    await expectText(preview, "Left to you by Olive Owner");
    await expectText(preview, "Family bank");
    await expect.poll(() => preview.innerText()).not.toContain("Car");
    await expect.poll(() => page.locator("main").innerText()).not.toMatch(/Correct-Horse-41|Car\b/);
    await expectNoAxeViolations(page);
    await screenshot(page, "beneficiary-page");

    // Keyboard: the item's link opens the item.
    await receive.getByRole("link", { name: "Family bank" }).focus();
    await page.keyboard.press("Enter");
    await page.waitForURL(/\/vault\/[0-9a-f-]{36}$/);

    // A missing id: the not-found screen.
    await openPath(page, `/beneficiaries/${crypto.randomUUID()}`);
    await expectText(page, "Beneficiary Not Found");

    // At 360 px and in dark mode it fits.
    const phone = await newPage(MOBILE);
    await signIn(phone, owner.email, owner.password);
    await expectPath(phone, "/dashboard");
    await waitForOpenVault(phone); // before a full page load (the beneficiaries' details are sealed)
    await openPath(phone, "/beneficiaries");
    await phone.getByRole("link", { name: "Emma Stone", exact: true }).click();
    await phone.getByRole("list", { name: "What Emma will receive" }).waitFor();
    await phone.emulateMedia({ colorScheme: "dark" });
    await settle(phone);
    const widths = await phone.evaluate(() => {
      const g = globalThis as unknown as {
        document: { documentElement: { scrollWidth: number } };
        innerWidth: number;
      };
      return { scroll: g.document.documentElement.scrollWidth, view: g.innerWidth };
    });
    expect(widths.scroll).toBeLessThanOrEqual(widths.view);
    await expectNoAxeViolations(phone);
    await screenshot(phone, "beneficiary-page-dark");
  });
});
