import { AUTH_MSG } from "../common/auth.js";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { CLIENT_MSG } from "../common/clients.js";
import { FIRM_EDIT_MSG } from "../common/firms.js";
import { INVITATION_MSG } from "../common/invitations.js";
import { GUARD_MSG } from "../common/app.js";
import { STAFF_MSG } from "../common/staff.js";
import {
  apiAsUser,
  apiRequest,
  confirmUser,
  expectNoAxeViolations,
  expectNoText,
  expectPath,
  expectText,
  GOOD_PASSWORD,
  latestMailTo,
  linkFrom,
  DESKTOP,
  MOBILE,
  newPage,
  screenshot,
  settle,
  keepForSteps,
  pageWidth,
  signIn,
  uniqueEmail,
} from "./fixtures.js";
import { buildFirmAdmin, png, seedClients } from "./firm-people-setup.js";

/** Staff, clients, invitations and firm editing (spec 02 §2 Clients, Staff, Edit firm, Dashboard for firm_admin). */

/** Invites `email` from the admin's /staff/invite screen and returns the e-mailed /register link. */
async function inviteStaff(
  page: Page,
  email: string,
  role: "Staff" | "Administrator",
): Promise<URL> {
  await page.goto("/staff/invite");
  await settle(page);
  await page.getByLabel("Email Address").fill(email);
  await page.getByRole("radio", { name: role }).check();
  await page.getByLabel("Personal Note (Optional)").fill("Welcome aboard");
  await page.getByRole("button", { name: "Send Invitation" }).click();
  await expectText(page, INVITATION_MSG.sent(email.toLowerCase()));
  await expectPath(page, "/staff");
  return linkFrom(await latestMailTo(email, { subject: /invited/i }), "/register");
}

/**
 * Invites `email` as staff over the API (the screen's path is walked once, in the first step) and
 * returns the e-mailed /register link.
 */
async function inviteStaffOverApi(page: Page, email: string): Promise<URL> {
  const sent = await apiAsUser(page, "POST", "/api/invitations", { email, role: "firm_staff" });
  expect(sent.status).toBe(200);
  return linkFrom(await latestMailTo(email, { subject: /invited/i }), "/register");
}

const rowNames = (page: Page) => page.locator("tbody tr td:first-child a").allInnerTexts();
const waitForStatus = (page: Page, text: string) =>
  expectText(page.getByRole("status").filter({ hasText: text }), text);

describe("firm people", () => {
  /**
   * One firm's administrator, signed in once, through the staff steps and the firm's details
   * (each sign-in costs a key derivation and page loads); each step invites its own people.
   */
  let admin: Awaited<ReturnType<typeof buildFirmAdmin>>["admin"];
  let firm: Awaited<ReturnType<typeof buildFirmAdmin>>["firm"];
  let page: Page;
  /** The 25 clients of the /clients steps, joining the same firm over the API while the staff steps run. */
  const names = Array.from({ length: 25 }, (_, i) => `Client ${String(i + 1).padStart(2, "0")}`);
  let seeding: Promise<{ error?: unknown }> = Promise.resolve({});

  it("an invited staff member registers through the link, sees the client list and is kept out of /staff", async () => {
    ({ admin, firm } = await buildFirmAdmin());
    page = keepForSteps(await newPage());
    await signIn(page, admin.email, admin.password);
    await expectPath(page, "/dashboard");

    await page.goto("/staff/invite");
    await settle(page);
    await expectNoAxeViolations(page);
    // The messages themselves: invite-form.test.tsx; here the look of the form showing one.
    await page.getByLabel("Email Address").fill("not-an-address");
    await page.getByRole("radio", { name: "Staff" }).check();
    await page.getByRole("button", { name: "Send Invitation" }).click();
    await expectText(page, INVITATION_MSG.invalidEmail);
    await expectNoAxeViolations(page);

    const email = uniqueEmail("staff");
    const link = await inviteStaff(page, email, "Staff");

    // A valid invitation locks the e-mail field to its address once /register has checked it:
    // waited for (a fill while it was still editable raced the lock once on CI).
    const staff = await newPage();
    await staff.goto(link.pathname + link.search);
    await settle(staff);
    await expectText(staff, "This is the address your invitation was sent to.");
    const emailField = staff.getByLabel("Email", { exact: true });
    expect(await emailField.isEditable()).toBe(false);
    expect(await emailField.inputValue()).toBe(email);
    await staff.getByLabel("Full Name").fill("Sam Staff");
    await staff.getByLabel("Password", { exact: true }).fill(GOOD_PASSWORD);
    await staff.getByLabel("Confirm Password").fill(GOOD_PASSWORD);
    await staff.getByRole("button", { name: /^(create account|register|sign up)$/i }).click();
    await staff.getByRole("button", { name: "I have saved it" }).click();
    await expectText(staff, AUTH_MSG.registerSuccess);
    const confirm = linkFrom(await latestMailTo(email, { subject: /confirm/i }), "/auth/callback");
    await staff.goto(confirm.pathname + confirm.search);
    await expectPath(staff, "/dashboard");

    await staff.goto("/clients");
    await settle(staff);
    await expectPath(staff, "/clients");
    await expectText(staff, CLIENT_MSG.empty);
    await expectNoAxeViolations(staff);
    await staff.goto("/clients/invite");
    await settle(staff);
    expect(await staff.getByRole("radio").count()).toBe(0); // staff invite clients only
    await expectText(staff, INVITATION_MSG.onlyAdminsInviteStaff); // and are told why
    await expectNoAxeViolations(staff);
    await screenshot(staff, "client-invite-staff");
    await staff.goto("/staff");
    await expectText(staff, GUARD_MSG.manageStaff); // the spec's own words (issue 16 point 10)
    await expectPath(staff, "/dashboard");
  });

  it("the admin changes a member's role and removes a member, never their own row", async () => {
    // After the staff member saw the firm without clients; awaited (and its failure told) in the /clients steps.
    seeding = seedClients(firm.code, names).then(
      () => ({}),
      (error: unknown) => ({ error: error ?? new Error("seedClients failed") }),
    );
    const email = uniqueEmail("staff");
    const link = await inviteStaffOverApi(page, email);
    const code = link.searchParams.get("code");
    const registered = await apiRequest("POST", "/api/register", {
      name: "Rory Role",
      email,
      password: GOOD_PASSWORD,
      invitationCode: code,
    });
    expect(registered.status).toBe(200);
    await confirmUser(email);

    await page.goto("/staff");
    await settle(page);
    const row = page.getByRole("row").filter({ hasText: "Rory Role" });
    await expectText(row, "Staff", { exact: true });
    expect(await page.getByRole("button", { name: `Edit role of ${admin.name}` }).count()).toBe(0);
    expect(
      await page.getByRole("button", { name: `Remove ${admin.name} from the firm` }).count(),
    ).toBe(0);
    await expectNoAxeViolations(page);
    await screenshot(page, "staff");

    await page.getByRole("button", { name: "Edit role of Rory Role" }).click();
    const dialog = page.getByRole("dialog", { name: "Edit Staff Role" });
    await dialog.waitFor();
    expect(await dialog.getByRole("radio", { name: "Staff" }).isChecked()).toBe(true);
    await expectNoAxeViolations(page);
    await dialog.getByRole("radio", { name: "Admin" }).check();
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await expectText(page, STAFF_MSG.roleUpdated("Rory Role"));
    await dialog.waitFor({ state: "hidden" });
    await expectText(row, "Admin", { exact: true });

    // Removal asks in the app's dialog, as every destructive action does (no browser confirm).
    const removeButton = page.getByRole("button", { name: "Remove Rory Role from the firm" });
    await removeButton.click();
    const removal = page.getByRole("alertdialog", { name: STAFF_MSG.removeTitle("Rory Role") });
    await removal.waitFor();
    await expectText(removal, STAFF_MSG.removeConfirm);
    await removal.getByRole("button", { name: "Cancel" }).click();
    await removal.waitFor({ state: "hidden" });
    await expect
      .poll(() => removeButton.evaluate((el) => el === el.ownerDocument.activeElement))
      .toBe(true);
    await removeButton.click();
    await removal.waitFor();
    await expectNoAxeViolations(page);
    await screenshot(page, "staff-remove-dialog", { fullPage: false });
    await removal.getByRole("button", { name: "Remove", exact: true }).click();
    await expectText(page, STAFF_MSG.removed);
    await removal.waitFor({ state: "hidden" });
    await row.waitFor({ state: "detached" });
    await expect
      .poll(() =>
        page
          .getByRole("heading", { level: 1, name: "Staff Management" })
          .evaluate((el) => el === el.ownerDocument.activeElement),
      )
      .toBe(true);
  });

  it("the admin sees a pending invitation, resends it and revokes it; the invitee's link then says it was withdrawn", async () => {
    const email = uniqueEmail("staff");
    const first = await inviteStaffOverApi(page, email);
    const firstMail = await latestMailTo(email, { subject: /invited/i });

    await page.goto("/staff");
    await settle(page);
    const pending = page.getByRole("region", { name: INVITATION_MSG.pendingTitle });
    const row = pending.getByRole("row").filter({ hasText: email });
    await row.getByRole("cell", { name: "Staff", exact: true }).waitFor();
    await expectNoAxeViolations(page);

    await pending.getByRole("button", { name: `Resend invitation to ${email}` }).click();
    await expectText(page, INVITATION_MSG.resent(email));
    const resent = linkFrom(
      await latestMailTo(email, { subject: /invited/i, after: firstMail.id }),
      "/register",
    );
    expect(resent.searchParams.get("code")).not.toBe(first.searchParams.get("code"));

    await pending.getByRole("button", { name: `Revoke invitation to ${email}` }).click();
    const dialog = page.getByRole("alertdialog", { name: INVITATION_MSG.revokeTitle });
    await dialog.waitFor();
    await expectText(dialog, INVITATION_MSG.revokeText(email));
    await expectNoAxeViolations(page);
    await dialog.getByRole("button", { name: "Revoke" }).click();
    await expectText(page, INVITATION_MSG.revoked(email));
    await row.waitFor({ state: "detached" });
    await expectText(pending, INVITATION_MSG.noPending);
    const heading = pending.getByRole("heading", { name: INVITATION_MSG.pendingTitle });
    // The focus moves once the list has drawn without the row: waited for, not read once.
    await expect
      .poll(() => heading.evaluate((el) => el === el.ownerDocument.activeElement))
      .toBe(true);

    // A resend kept the first link working (spec 01 §4, decision 022) and the revoke ended both:
    // server/invitations/manage-invitations.test.ts ("the earlier links ... die with a revoke");
    // the newest link shows what a withdrawn one says.
    const invitee = await newPage();
    await invitee.goto(resent.pathname + resent.search);
    await settle(invitee);
    await expectText(invitee, INVITATION_MSG.withdrawnText);
    await expectNoAxeViolations(invitee);
    expect(await invitee.getByLabel("Email", { exact: true }).isEditable()).toBe(true);

    // On a phone the list stacks: role and dates under the e-mail, the buttons under each other, no sideways scrolling.
    const other = uniqueEmail("client");
    expect(
      (await apiAsUser(page, "POST", "/api/invitations", { email: other, role: "regular_user" }))
        .status,
    ).toBe(200);
    await page.setViewportSize(MOBILE);
    await page.goto("/staff");
    await settle(page);
    const phoneRow = page
      .getByRole("region", { name: INVITATION_MSG.pendingTitle })
      .getByRole("row")
      .filter({ hasText: other });
    await expectText(phoneRow, "Client", { exact: true });
    await phoneRow.getByRole("button", { name: `Revoke invitation to ${other}` }).waitFor();
    expect(await pageWidth(page)).toBeLessThanOrEqual(MOBILE.width);
    await expectNoAxeViolations(page);
    await screenshot(page, "staff-pending-invitations");
    await page.setViewportSize(DESKTOP);
  });

  it("/firm/edit uploads a PNG logo that the Firm Overview then shows", async () => {
    // The untouched form's look: screens.e2e.ts (firm-edit, four looks); a file that is not an
    // image and the hint: logo-picker.test.tsx. A PNG that is cut off is refused before the
    // upload (the browser decodes it), in the same words as the server's: here, with its look.
    await page.goto("/firm/edit");
    await settle(page);

    const fileInput = page.locator('input[type="file"]');
    const whole = png(320, 180);
    await fileInput.setInputFiles({
      name: "logo.png",
      mimeType: "image/png",
      buffer: whole.subarray(0, 40),
    });
    await expectText(page, FIRM_EDIT_MSG.logoUnreadable);
    expect(await page.getByRole("img", { name: "Preview of the new logo" }).count()).toBe(0);
    await expectNoAxeViolations(page);
    await screenshot(page, "firm-edit-logo-unreadable");
    await fileInput.setInputFiles({
      name: "logo.png",
      mimeType: "image/png",
      buffer: png(320, 180),
    });
    await page.getByRole("img", { name: "Preview of the new logo" }).waitFor();
    await expectNoText(page, FIRM_EDIT_MSG.logoUnreadable);
    await screenshot(page, "firm-edit-logo-preview");
    await page.getByLabel("Law Firm Name").fill("A");
    await page.getByRole("button", { name: "Save Firm Details" }).click();
    await expectText(page, FIRM_EDIT_MSG.nameTooShort);
    await expectNoAxeViolations(page);
    const renamed = `${firm.name} Renamed`;
    await page.getByLabel("Law Firm Name").fill(renamed);
    await page.getByRole("button", { name: "Save Firm Details" }).click();
    await expectText(page, FIRM_EDIT_MSG.saved);
    await expectPath(page, "/dashboard");

    // The Firm Overview is /dashboard for firm_admin.
    await settle(page);
    const logo = page.getByRole("img", { name: `${renamed} logo` });
    await logo.waitFor();
    expect(
      await logo.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth),
    ).toBe(320);
    await expectText(page, firm.code);
    await expectNoAxeViolations(page);
    await screenshot(page, "firm-overview");
  });

  describe("/clients searches, sorts and pages 25 clients on the server, in the URL", () => {
    it("the first page of 25 clients, newest first", async () => {
      const { error } = await seeding;
      if (error) throw error;

      await page.goto("/clients");
      await settle(page);
      await waitForStatus(page, "Showing 1–10 of 25 clients");
      expect(
        await page.getByRole("columnheader", { name: /Joined/ }).getAttribute("aria-sort"),
      ).toBe("descending");
      await expectNoAxeViolations(page);
      await screenshot(page, "clients");
    });

    it("sorts by name and pages, kept in the URL through a reload and Back", async () => {
      await page.getByRole("button", { name: /Client Name/ }).click();
      await page.waitForURL(/sort=name&dir=asc/);
      await waitForStatus(page, "Showing 1–10 of 25 clients");
      // The count reads the same before and after the sort: the header is waited for itself.
      await expect
        .poll(() =>
          page.getByRole("columnheader", { name: /Client Name/ }).getAttribute("aria-sort"),
        )
        .toBe("ascending");
      await expectText(page.locator("tbody tr").first(), "Client 01");
      await page.getByRole("button", { name: "Page 3" }).click();
      await waitForStatus(page, "Showing 21–25 of 25 clients");
      expect(await rowNames(page)).toEqual(names.slice(20));
      await page.reload();
      await settle(page);
      await waitForStatus(page, "Showing 21–25 of 25 clients");
      await page.goBack();
      await waitForStatus(page, "Showing 1–10 of 25 clients");
      await page.getByRole("button", { name: /Client Name/ }).click();
      await page.waitForURL(/dir=desc/);
      await waitForStatus(page, "Showing 1–10 of 25 clients");
      await expectText(page.locator("tbody tr").first(), "Client 25");
    });

    it("searches and refreshes; a row opens the client, viewed as the client", async () => {
      await page.getByLabel("Search clients").fill("CLIENT 07");
      await page.waitForURL(/search=CLIENT/);
      await waitForStatus(page, "Showing 1–1 of 1 client");
      expect(await page.getByRole("navigation", { name: "Client list pages" }).count()).toBe(0);
      await page.getByLabel("Search clients").fill("nobody-matches-this");
      await expectText(page, CLIENT_MSG.empty);
      await expectNoAxeViolations(page);
      await page.getByRole("button", { name: "Clear search" }).first().click();
      await waitForStatus(page, "Showing 1–10 of 25 clients");
      await page.getByRole("button", { name: /^Refresh$/ }).click();
      await expectText(page, CLIENT_MSG.refreshed);

      await page.getByRole("row").filter({ hasText: "Client 25" }).getByRole("cell").last().click(); // the row, not only its link, opens the client
      await expectText(page.getByRole("heading", { level: 1 }), "Client 25");
      await settle(page);
      await expectNoAxeViolations(page);
      await page.getByRole("button", { name: "View as Client" }).click();
      await expectText(page, "Viewing as client");
      await expectText(page.getByRole("tabpanel"), "Welcome, Client 25");
      await expectNoAxeViolations(page);
      await page.getByRole("button", { name: "Exit Impersonation" }).click();
      await expectText(page.getByRole("tabpanel"), "Joined");
    });

    it("fits 360 px", async () => {
      // The same signed-in page made narrow (as screens.e2e.ts's looks are), not a second sign-in.
      await page.setViewportSize(MOBILE);
      await page.goto("/clients");
      await settle(page);
      await waitForStatus(page, "Showing 1–10 of 25 clients");
      expect(await pageWidth(page)).toBeLessThanOrEqual(MOBILE.width);
      await expectNoAxeViolations(page);
      await screenshot(page, "clients");
      await page.setViewportSize(DESKTOP);
    });
  });
});
