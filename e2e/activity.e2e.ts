import { ACTIVITY_MSG } from "../common/activity.js";
import { readFileSync } from "node:fs";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { buildFirmAdmin } from "./firm-people-setup.js";
import {
  GOOD_PASSWORD,
  apiRequest,
  checkLightAndDark,
  confirmUser,
  expectNoAxeViolations,
  expectText,
  openPath,
  settle,
  signedInPage,
  uniqueEmail,
} from "./fixtures.js";

const events = (page: Page, name: string) => page.getByRole("list", { name }).getByRole("listitem");

describe("the activity timeline", () => {
  it("shows a client their sign-ins and the firm admin who viewed their vault as client; the admin sees the firm's timeline", async () => {
    const { admin, firm } = await buildFirmAdmin();
    const client = { name: "Olga Owner", email: uniqueEmail("client"), password: GOOD_PASSWORD };
    const registered = await apiRequest("POST", "/api/register", {
      ...client,
      firmCode: firm.code,
    });
    expect(registered.status).toBe(200);
    await confirmUser(client.email);

    // the client opens Activity from the sidebar: their sign-in, in plain words
    const page = await signedInPage(client);
    await page.getByRole("link", { name: "Activity" }).first().click();
    await expectText(page.getByRole("heading", { level: 1 }), ACTIVITY_MSG.title);
    await expectText(
      events(page, "Your account")
        .filter({ hasText: /You signed in from Chrome on Linux/ })
        .first(),
      /You signed in from Chrome on Linux/,
    );

    // the firm admin views the client's vault as client
    const adminPage = await signedInPage(admin);
    await openPath(adminPage, "/clients");
    await adminPage
      .getByRole("row")
      .filter({ hasText: client.name })
      .getByRole("cell")
      .last()
      .click();
    await expectText(adminPage.getByRole("heading", { level: 1 }), client.name);
    await adminPage.getByRole("button", { name: "View as Client" }).click();
    await expectText(adminPage, "Viewing as client");
    await expectText(adminPage.getByRole("tabpanel"), `Welcome, ${client.name}`);
    await adminPage.getByRole("button", { name: "Exit Impersonation" }).click();

    // the client sees who looked and when; the filter narrows the list
    await page.reload();
    await settle(page);
    const viewed = `Ada Admin (${firm.name}) viewed your vault as client`;
    await expectText(events(page, "Your account").first(), "stopped viewing your vault as client");
    await expectText(page.getByRole("list", { name: "Your account" }), viewed);
    await expect.poll(() => events(page, "Your account").first().locator("time").count()).toBe(1);
    await checkLightAndDark(page, "activity-client");

    await page.getByLabel(ACTIVITY_MSG.filterLabel).selectOption({ label: "Release steps" });
    await expectText(page, ACTIVITY_MSG.emptyFiltered);
    await page.getByLabel(ACTIVITY_MSG.filterLabel).selectOption({ label: "Your firm" });
    await expectText(page.getByRole("list", { name: "Your account" }), viewed);
    await expect
      .poll(() => events(page, "Your account").filter({ hasText: "signed in" }).count())
      .toBe(0);
    await expectNoAxeViolations(page);

    // the admin: their own account, and the firm's timeline in the second tab
    await openPath(adminPage, "/activity");
    await adminPage.getByRole("tab", { name: "Your firm" }).click();
    await expectText(
      events(adminPage, "Your firm").first(),
      `Ada Admin stopped viewing ${client.name}'s vault as client`,
    );
    await expectText(
      adminPage.getByRole("list", { name: "Your firm" }),
      `${client.name} joined the firm with a code`,
    );
    await checkLightAndDark(adminPage, "activity-firm");

    // and downloads it as a spreadsheet (issue 38, item 4)
    const [download] = await Promise.all([
      adminPage.waitForEvent("download"),
      adminPage.getByRole("link", { name: ACTIVITY_MSG.download }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^firm-activity-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync(await download.path(), "utf8");
    expect(csv.split("\r\n")[0]).toBe("Time (UTC),Kind,Event");
    expect(csv).toContain(`${client.name} joined the firm with a code`);
  });
});
