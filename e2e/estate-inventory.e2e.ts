import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { ESTATE_MSG } from "../common/assets/estate.js";
import {
  DESKTOP,
  MOBILE,
  checkLightAndDark,
  buildUser,
  expectPath,
  expectText,
  keepForSteps,
  openPath,
  pageWidth,
  signedInPage,
} from "./fixtures.js";

/**
 * The estate inventory (docs/decisions/086): an entry added by hand, more imported from a CSV
 * (a bad row named in the preview), the list filtered in the browser, and the print view with
 * one page per kind of entry.
 */

const CSV = [
  "Name,Category,Organisation,Reference,What should happen,Instructions",
  "Work pension,Pensions,Acme Pensions,PX-0001,Pass it on,The nomination form names Sam.",
  "Streaming service,Subscriptions to cancel,Streamly,,Close it,Paid by card.",
  "Blue hatchback,Vehicles,,AB12 CDE,Pass it on,Keys in the hall drawer.",
  "Phone,Phones computers and devices,,,Delete it,",
  '"Gym, monthly",subscription,Fit Club,,close,',
].join("\r\n");

const entryNames = (page: Page) =>
  page.getByRole("main").locator("section ul > li a > span > span:first-child").allInnerTexts();

describe("estate inventory", () => {
  let page: Page;

  it("adds an entry by hand, sealed in the browser", async () => {
    const user = await buildUser({ name: "Ruth Estate" });
    page = keepForSteps(await signedInPage(user));
    await openPath(page, "/estate");
    await expectText(page, "Your inventory is empty");
    await page.getByRole("main").getByRole("link", { name: "Add entry" }).first().click();
    await expectPath(page, "/estate/new");
    await page.getByRole("button", { name: "Add to inventory" }).click();
    await expectText(page, ESTATE_MSG.categoryRequired);
    await page.getByLabel("Name", { exact: true }).fill("Joint current account");
    await page.getByLabel("What kind of entry is this?").selectOption("crypto");
    await expectText(page, "Never write a recovery phrase");
    await page.getByLabel("What kind of entry is this?").selectOption("bank");
    await page.getByLabel("Organisation").fill("Northshire Bank");
    await page.getByLabel("Reference").fill("12345678");
    await page.getByLabel("What should happen to it?").selectOption("close");
    await page.getByLabel("Instructions").fill("Move what is left to the savings account.");
    await checkLightAndDark(page, "estate-form");
    const posted = page.waitForRequest(
      (r) => r.url().endsWith("/api/assets") && r.method() === "POST",
    );
    await page.getByRole("button", { name: "Add to inventory" }).click();
    expect((await posted).postData()).not.toMatch(/Northshire|12345678|Joint current/);
    await expectPath(page, "/estate");
    await expectText(page, "Joint current account");
    await expectText(page, "Northshire Bank · 12345678");

    // Opened, it reads in words; Edit keeps what was written.
    await page.getByRole("link", { name: /Joint current account/ }).click();
    await expectText(page, "Move what is left to the savings account.");
    await expectText(page, "Bank and investment accounts");
    await checkLightAndDark(page, "estate-detail");
    await page.getByRole("link", { name: "Edit" }).click();
    expect(await page.getByLabel("Organisation").inputValue()).toBe("Northshire Bank");
    await page.getByRole("link", { name: "Back to the entry" }).click();
    await page.getByRole("link", { name: "Back to the inventory" }).click();
    await expectPath(page, "/estate");
  });

  it("imports a CSV: the preview names the bad row, the good ones are saved", async () => {
    await page.getByRole("link", { name: "Import" }).click();
    await expectPath(page, "/estate/import");
    await page.getByLabel("CSV file").setInputFiles({
      name: "inventory.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(CSV),
    });
    await expectText(page, "4 entries ready to import; 1 row cannot be imported.");
    await expectText(page, 'Row 5: "Phones computers and devices" is not a category we know.');
    await checkLightAndDark(page, "estate-import-preview");
    await page.getByRole("button", { name: "Import 4 entries" }).click();
    await expectText(page, "Saved 4 entries.");
    await page.getByRole("link", { name: "Go to the inventory" }).click();
    await expectPath(page, "/estate");
    await expect
      .poll(() => entryNames(page))
      .toEqual([
        "Joint current account",
        "Work pension",
        "Blue hatchback",
        "Gym, monthly",
        "Streaming service",
      ]);
  });

  it("filters by kind, by what should happen and by words, in the browser", async () => {
    await page.getByLabel("Kind").selectOption("subscription");
    await expect.poll(() => entryNames(page)).toEqual(["Gym, monthly", "Streaming service"]);
    await expectText(page, "2 of 5 entries");
    expect(new URL(page.url()).searchParams.get("kind")).toBe("subscription");
    await page.getByLabel("Kind").selectOption("");
    await page.getByLabel("What should happen", { exact: true }).selectOption("transfer");
    await expect.poll(() => entryNames(page)).toEqual(["Work pension", "Blue hatchback"]);
    await page.getByLabel("Search the inventory").fill("hall drawer");
    await expect.poll(() => entryNames(page)).toEqual(["Blue hatchback"]);
    await page.getByLabel("Search the inventory").fill("");
    await page.getByLabel("What should happen", { exact: true }).selectOption("");
    await expect.poll(() => entryNames(page)).toHaveLength(5);
    await checkLightAndDark(page, "estate-list");
    await page.setViewportSize(MOBILE);
    expect(await pageWidth(page)).toBeLessThanOrEqual(MOBILE.width);
    await page.setViewportSize(DESKTOP);
  });

  it("prints one page per kind of entry", async () => {
    await page.getByRole("link", { name: "Print" }).click();
    await expectPath(page, "/estate/print");
    await expectText(page, "The nomination form names Sam.");
    await checkLightAndDark(page, "estate-print");
    await page.emulateMedia({ media: "print" });
    expect(await page.getByRole("button", { name: "Print" }).isVisible()).toBe(false);
    // Four kinds (bank, pensions, vehicles, subscriptions): four pages, each starting a section.
    const pdf = await page.pdf({ format: "A4" });
    const pages = pdf.toString("latin1").match(/\/Type\s*\/Page[^s]/g) ?? [];
    expect(pages).toHaveLength(4);
    await page.emulateMedia({ media: "screen" });
  });

  it("the dashboard counts the entries and links to the inventory", async () => {
    await openPath(page, "/dashboard");
    const card = page.getByRole("link", { name: "5 Estate inventory" });
    await card.waitFor();
    await checkLightAndDark(page, "estate-dashboard");
    await card.click();
    await expectPath(page, "/estate");
  });
});
