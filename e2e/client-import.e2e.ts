import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { CLIENT_IMPORT_MSG } from "../common/client-imports.js";
import { buildFirmAdmin } from "./firm-people-setup.js";
import {
  GOOD_PASSWORD,
  apiRequest,
  checkLightAndDark,
  confirmUser,
  expectText,
  keepForSteps,
  latestMailTo,
  linkFrom,
  openPath,
  signedInPage,
  uniqueEmail,
} from "./fixtures.js";

/** Issue 38, item 1 (decision 094): a firm imports clients from a CSV file; an existing account joins with consent. */
describe("importing clients from a CSV file", () => {
  let firm: Awaited<ReturnType<typeof buildFirmAdmin>>["firm"];
  let page: Page;
  const owner = { name: "Olive Owner", email: uniqueEmail("owner"), password: GOOD_PASSWORD };

  it("the admin checks a file, sees each problem, sends, and watches the progress", async () => {
    const built = await buildFirmAdmin();
    firm = built.firm;
    expect((await apiRequest("POST", "/api/register", owner)).status).toBe(200);
    await confirmUser(owner.email);
    page = keepForSteps(await signedInPage(built.admin));
    await openPath(page, "/clients/import");
    const fresh = uniqueEmail("new-client");
    const csv = [
      "Name,E-mail,Phone,Matter reference,Note",
      `Nora New,${fresh},+1 555 0101,M-1001,Referred by the estate team`,
      `Nora Again,${fresh},,,`,
      "Bad Address,not-an-address,,,",
      `${owner.name},${owner.email},,M-1002,`,
    ].join("\r\n");
    await page.getByLabel(CLIENT_IMPORT_MSG.chooseFile).setInputFiles({
      name: "practice-clients.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(csv),
    });
    await page.getByRole("button", { name: CLIENT_IMPORT_MSG.upload }).click();
    await expectText(page, "4 rows: 2 will be invited, 2 left out.");
    await expectText(page, "Line 3, Nora Again");
    await expectText(page, "Duplicate in the file (line 2)");
    await expectText(page, "Not a valid e-mail address");
    await checkLightAndDark(page, "client-import-preview");

    await page.getByRole("button", { name: CLIENT_IMPORT_MSG.send(2) }).click();
    await expectText(page, CLIENT_IMPORT_MSG.done(2));
    await expect
      .poll(() => page.getByRole("progressbar").getAttribute("aria-valuenow"))
      .toBe("100");
    await checkLightAndDark(page, "client-import-sent");
  });

  it("the existing account reads what the firm would see and joins only by agreeing", async () => {
    const mail = await latestMailTo(owner.email, { subject: /invited/i });
    const link = linkFrom(mail, "/join-firm");
    const ownerPage = keepForSteps(await signedInPage(owner));
    await openPath(ownerPage, `${link.pathname}${link.search}`);
    await expectText(ownerPage, `You've been invited to join ${firm.name} as a client.`);
    await checkLightAndDark(ownerPage, "client-import-join");
    await ownerPage.getByRole("button", { name: `Join ${firm.name}` }).click();
    await ownerPage.waitForURL(/\/dashboard$/);
  });
});
