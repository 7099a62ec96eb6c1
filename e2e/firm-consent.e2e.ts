import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { FIRM_CODE_MSG } from "../common/firm-codes.js";
import { FIRM_CONSENT_MSG, FIRM_LEAVE_MSG, FIRM_NEVER_SEES } from "../common/firm-membership.js";
import { INVITATION_MSG } from "../common/invitations.js";
import { buildFirmAdmin } from "./firm-people-setup.js";
import {
  apiAsUser,
  buildUser,
  expectNoAxeViolations,
  expectPath,
  expectText,
  latestMailTo,
  linkFrom,
  newPage,
  openPath,
  settle,
  keepForSteps,
  signedInPage,
  uniqueEmail,
  checkLightAndDark,
  screenshot,
} from "./fixtures.js";

const clientRows = (page: Page, name: string) => page.getByRole("row").filter({ hasText: name });

describe("joining a firm is informed consent (decision 047)", () => {
  describe("a client reads what the firm will see before joining with a code, later leaves it from the profile, and the firm loses them", () => {
    let admin: Awaited<ReturnType<typeof buildFirmAdmin>>["admin"];
    let firm: Awaited<ReturnType<typeof buildFirmAdmin>>["firm"];
    let client: Awaited<ReturnType<typeof buildUser>>;
    let visitor: Page;
    let page: Page;
    let adminPage: Page;

    it("the statement by /register's code field; /join-firm asks first, then joins", async () => {
      ({ admin, firm } = await buildFirmAdmin());
      client = await buildUser({ name: "Carla Client" });

      // /register: a firm code typed on the one form brings the statement next to its button
      visitor = keepForSteps(await newPage());
      await openPath(visitor, "/register");
      await visitor.getByLabel("Firm Code (optional)").fill(firm.code);
      const statement = visitor.getByRole("region", { name: "What joining a firm means" });
      await expectText(statement, FIRM_CONSENT_MSG.registerStatementByCode);
      await expectText(statement, FIRM_NEVER_SEES);
      await checkLightAndDark(visitor, "register-firm-consent");

      // /join-firm: the code finds the firm; "Join Firm" asks first, "Join {firm}" joins
      page = keepForSteps(await signedInPage(client));
      await openPath(page, "/join-firm");
      // inside the app's frame, with the sidebar
      await expectText(page.getByRole("heading", { level: 1 }), "Join a Law Firm");
      await page.getByRole("navigation", { name: "Main" }).waitFor();
      await expectNoAxeViolations(page);
      await page.getByLabel("Firm Code").fill(firm.code);
      await expectText(page, FIRM_CODE_MSG.associatedWith(firm.name));
      await page.getByRole("button", { name: "Join Firm", exact: true }).click();
      const consent = page.getByRole("alertdialog", { name: FIRM_CONSENT_MSG.title(firm.name) });
      await expectText(consent, FIRM_CONSENT_MSG.seesHeading(firm.name));
      await expectText(consent, FIRM_NEVER_SEES);
      // focus starts on Cancel: Enter alone never joins
      const cancel = consent.getByRole("button", { name: "Cancel", exact: true });
      await expect
        .poll(() => cancel.evaluate((el) => el === el.ownerDocument.activeElement))
        .toBe(true);
      await checkLightAndDark(page, "join-firm-consent", { fullPage: false });
      await consent
        .getByRole("button", { name: FIRM_CONSENT_MSG.confirm(firm.name), exact: true })
        .click();
      await expectText(page, FIRM_CODE_MSG.joinSuccess);
      await expectPath(page, "/dashboard");

      adminPage = keepForSteps(await signedInPage(admin));
      await openPath(adminPage, "/clients");
      await expectText(adminPage.getByRole("table"), client.name);
    });

    it("the profile's Leave firm asks first; the firm loses the client and is told", async () => {
      // the profile: "Leave firm" asks first, then the firm's access ends
      await openPath(page, "/profile/firm");
      await expectText(page, FIRM_LEAVE_MSG.cardText(firm.name));
      await screenshot(page, "profile-firm-member");
      const card = page.getByRole("heading", { name: FIRM_LEAVE_MSG.cardTitle });
      await card.scrollIntoViewIfNeeded();
      await page.getByRole("button", { name: FIRM_LEAVE_MSG.button, exact: true }).click();
      const leave = page.getByRole("alertdialog", { name: FIRM_LEAVE_MSG.title(firm.name) });
      await expectText(leave, FIRM_LEAVE_MSG.text(firm.name));
      await checkLightAndDark(page, "leave-firm-dialog", { fullPage: false });
      await leave.getByRole("button", { name: FIRM_LEAVE_MSG.confirm, exact: true }).click();
      await expectText(page, FIRM_LEAVE_MSG.success(firm.name));
      const join = page.getByRole("link", { name: FIRM_LEAVE_MSG.joinLink });
      await expect
        .poll(() => join.evaluate((el) => el === el.ownerDocument.activeElement))
        .toBe(true);
      await expectText(page, FIRM_LEAVE_MSG.noFirmText);
      await checkLightAndDark(page, "profile-left-firm", { fullPage: false });

      await adminPage.reload();
      await settle(adminPage);
      await expect.poll(() => clientRows(adminPage, client.name).count()).toBe(0);
      const mail = await latestMailTo(admin.email, { subject: /left/ });
      expect(mail.subject).toBe(`${client.name} left ${firm.name}`);
    });

    it("a client's invitation link names the firm by /register's button", async () => {
      const statement = visitor.getByRole("region", { name: "What joining a firm means" });
      // a client's invitation link: /register names the firm by the button
      const invitee = uniqueEmail("invited-client");
      const sent = await apiAsUser(adminPage, "POST", "/api/invitations", {
        email: invitee,
        role: "regular_user",
      });
      expect(sent.status).toBe(200);
      await visitor.goto(linkFrom(await latestMailTo(invitee), "/register").toString());
      await settle(visitor);
      await expectText(statement, FIRM_CONSENT_MSG.registerStatement(firm.name));
      await expectText(statement, FIRM_CONSENT_MSG.seesHeading(firm.name));
      // the invitation itself says they join as a client, not as the firm's staff
      await expectText(visitor, INVITATION_MSG.invitationValidClientText(firm.name));
      expect(await visitor.getByText(/administrator or staff member/).count()).toBe(0);
      await expectNoAxeViolations(visitor);
    });
  });
});
