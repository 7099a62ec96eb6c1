import { describe, expect, it } from "vitest";
import { FIRM_PAGE_MSG } from "../common/firm-page.js";
import { buildPng } from "../test/factories/images.js";
import { buildFirmAdmin } from "./firm-people-setup.js";
import {
  apiAsUser,
  appUrl,
  checkLightAndDark,
  expectText,
  newPage,
  openPath,
  signedInPage,
} from "./fixtures.js";

/** The firm page, /f/<slug> (decision 095): the firm's name, logo and colour, and its code filled in. */
describe("a firm's own page", () => {
  it("shows the firm's brand, fills its page code into /register, and an unknown slug is not found", async () => {
    const { admin, firm } = await buildFirmAdmin();
    const adminPage = await signedInPage(admin);
    const slug = `finch-${Date.now().toString(36)}`;
    const saved = await apiAsUser<{ firm: { page: { slug: string } } }>(
      adminPage,
      "PATCH",
      "/api/firm/page",
      { slug, brandColor: "#14532d", isCodeOnPage: true },
    );
    expect(saved.status).toBe(200);
    const logo = await adminPage.request.fetch("/api/firm/logo", {
      method: "PUT",
      data: buildPng(320, 180),
      headers: { origin: appUrl(), "content-type": "image/png" },
    });
    expect(logo.status()).toBe(200);
    await openPath(adminPage, "/firm/edit");
    await expectText(adminPage, "Save Firm Page");
    await adminPage.getByLabel("Brand colour (optional)").fill("#ffd700");
    await expectText(adminPage, FIRM_PAGE_MSG.colorContrast(1.4));
    await checkLightAndDark(adminPage, "firm-edit-page");

    const page = await newPage();
    await openPath(page, `/f/${slug}`);
    await expectText(page.getByRole("heading", { level: 1 }), firm.name);
    expect(await page.getByRole("img", { name: `${firm.name} logo` }).isVisible()).toBe(true);
    await checkLightAndDark(page, "firm-page");

    await page.getByRole("link", { name: FIRM_PAGE_MSG.registerWithCode }).click();
    await page.waitForURL(/\/register\?firmCode=/);
    const code = new URL(page.url()).searchParams.get("firmCode");
    expect(code).toMatch(/^[2-9A-Z]{8}$/);
    expect(code).not.toBe(firm.code);
    expect(await page.getByLabel(/firm code/i).inputValue()).toBe(code);

    await openPath(page, `/f/nobody-${slug}`);
    await expectText(page, "Page not found");
  });
});
