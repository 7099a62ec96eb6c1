import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { FIRM_OVERVIEW_MSG } from "../common/dashboard.js";
import { buildFirmAdmin, seedClients } from "./firm-people-setup.js";
import {
  GOOD_PASSWORD,
  apiAsUser,
  apiRequest,
  confirmUser,
  expectNoAxeViolations,
  expectText,
  keepForSteps,
  latestMailTo,
  linkFrom,
  openPath,
  settle,
  signedInPage,
  uniqueEmail,
  checkLightAndDark,
  PHONE,
} from "./fixtures.js";

/** Issue 16, point 8: the Firm Overview for staff and admins, and the firm's tables as cards on phones. */

const numbers = (page: Page) =>
  page.getByRole("list", { name: FIRM_OVERVIEW_MSG.numbersLabel }).getByRole("listitem");

/** Invites `email` as `role` from the signed-in page's account and returns the e-mailed code. */
async function invite(page: Page, email: string, role: string): Promise<string> {
  const sent = await apiAsUser(page, "POST", "/api/invitations", { email, role });
  expect(sent.status).toBe(200);
  const code = linkFrom(await latestMailTo(email, { subject: /invited/i }), "/register");
  return code.searchParams.get("code") ?? "";
}

const hasNoSideScroll = (page: Page) =>
  page.evaluate(() => {
    const g = globalThis as unknown as {
      document: { documentElement: { scrollWidth: number } };
      innerWidth: number;
    };
    return g.document.documentElement.scrollWidth <= g.innerWidth;
  });

describe("the Firm Overview", () => {
  describe("staff see their numbers, recent clients and own actions; clients at 375 px are cards; the admin sees four numbers", () => {
    let firm: Awaited<ReturnType<typeof buildFirmAdmin>>["firm"];
    let adminPage: Page;
    let page: Page;
    let longEmail: string;

    it("a firm with three clients and a staff member, who invites a client", async () => {
      const built = await buildFirmAdmin();
      firm = built.firm;
      const admin = built.admin;
      await seedClients(firm.code, ["Client Ann", "Client Bob"]);
      longEmail = uniqueEmail("maximiliana-alexandrina-featherstonehaugh-client");
      const registered = await apiRequest("POST", "/api/register", {
        name: "Maximiliana Featherstonehaugh",
        email: longEmail,
        password: GOOD_PASSWORD,
        firmCode: firm.code,
      });
      expect(registered.status).toBe(200);
      await confirmUser(longEmail);

      adminPage = keepForSteps(await signedInPage(admin));
      const staff = { name: "Sam Staff", email: uniqueEmail("staff"), password: GOOD_PASSWORD };
      const staffCode = await invite(adminPage, staff.email, "firm_staff");
      expect(
        (await apiRequest("POST", "/api/register", { ...staff, invitationCode: staffCode })).status,
      ).toBe(200);
      await confirmUser(staff.email);

      // The staff member invites a client: that is one of their own recent actions.
      page = keepForSteps(await signedInPage(staff));
      await invite(page, uniqueEmail("invited-client"), "regular_user");
    });

    it("staff see their numbers, recent clients and own actions, and no vault search", async () => {
      await openPath(page, "/dashboard");
      await expectText(page.getByRole("heading", { level: 1 }), FIRM_OVERVIEW_MSG.title);
      expect(await numbers(page).allInnerTexts()).toEqual([
        expect.stringMatching(/3\s+Clients/),
        expect.stringMatching(/1\s+Pending client invitations/),
      ]);
      await expectText(page, FIRM_OVERVIEW_MSG.recentActions);
      await expectText(page, "You invited a new client");
      await expectText(page, "Maximiliana Featherstonehaugh");
      expect(await page.getByText(FIRM_OVERVIEW_MSG.staff).count()).toBe(0);
      expect(await page.getByText("Active firm codes").count()).toBe(0);
      // No vault search for firm people.
      expect(await page.getByRole("button", { name: "Search vault" }).count()).toBe(0);
      await checkLightAndDark(page, "firm-overview-staff");
    });

    it("the client list at 375 px: every row a card, nothing scrolls sideways, long e-mails cut", async () => {
      await page.setViewportSize(PHONE);
      await openPath(page, "/clients");
      await expectText(page, "Maximiliana Featherstonehaugh");
      const rows = page.locator("tbody tr");
      expect(await rows.count()).toBe(3);
      for (const display of await rows.evaluateAll((trs) =>
        trs.map(
          (tr) =>
            (
              globalThis as unknown as { getComputedStyle(e: unknown): { display: string } }
            ).getComputedStyle(tr).display,
        ),
      ))
        expect(display).toBe("grid");
      expect(await hasNoSideScroll(page)).toBe(true);
      const email = page.getByTitle(longEmail);
      expect(await email.textContent()).toBe(longEmail);
      const size = () =>
        email.evaluate((el) => ({
          scroll: el.scrollWidth,
          client: el.clientWidth,
          h: el.clientHeight,
        }));
      const cut = await size();
      expect(cut.scroll).toBeGreaterThan(cut.client); // one line, with an ellipsis
      await email.focus();
      const whole = await size();
      expect(whole.scroll).toBeLessThanOrEqual(whole.client); // focused: the whole value, wrapped
      expect(whole.h).toBeGreaterThan(cut.h);
      expect(await hasNoSideScroll(page)).toBe(true);
      await expectNoAxeViolations(page);
      await checkLightAndDark(page, "clients-cards");
    });

    it("the admin: four numbers, then the firm card, staff management and recent clients", async () => {
      await openPath(adminPage, "/dashboard");
      await expectText(adminPage.getByRole("heading", { level: 1 }), FIRM_OVERVIEW_MSG.title);
      expect(await numbers(adminPage).allInnerTexts()).toEqual([
        expect.stringMatching(/3\s+Clients/),
        expect.stringMatching(/2\s+Staff members/),
        expect.stringMatching(/1\s+Active firm codes/),
        expect.stringMatching(/1\s+Pending invitations/),
      ]);
      await expectText(adminPage, "Recent Clients");
      await expectText(adminPage, "Staff Management");
      // At 1280 px Firm Details and Staff Management share one row at one height: no empty cell beside either.
      const card = (name: string) =>
        adminPage
          .getByRole("heading", { level: 2, name, exact: true })
          .locator("xpath=ancestor::div[contains(@class, 'rounded-lg')][1]")
          .boundingBox();
      const [details, staffCard] = [await card("Firm Details"), await card("Staff Management")];
      if (!details || !staffCard)
        throw new Error("the Firm Details or Staff Management card is not shown");
      expect(staffCard.x).toBeGreaterThan(details.x + details.width);
      expect(Math.abs(staffCard.y - details.y)).toBeLessThan(1);
      expect(Math.abs(staffCard.height - details.height)).toBeLessThan(1);
      await checkLightAndDark(adminPage, "firm-overview-admin");
    });

    it("the admin's staff and firm codes as cards", async () => {
      await openPath(adminPage, "/staff");
      await expectText(adminPage, "Sam Staff");
      await checkLightAndDark(adminPage, "staff-cards");
      await openPath(adminPage, "/firm/codes");
      await expectText(adminPage, firm.code);
      await checkLightAndDark(adminPage, "firm-codes-cards");
      await settle(adminPage);
    });
  });
});
