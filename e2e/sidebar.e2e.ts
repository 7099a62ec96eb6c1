import { GUARD_MSG } from "../common/app.js";
import { AUTH_MSG } from "../common/auth.js";
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";

import {
  apiRequest,
  buildUser,
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
  newPage,
  screenshot,
  settle,
  signIn,
  uniqueEmail,
} from "./fixtures.js";
import { buildFirmAdmin } from "./firm-people-setup.js";

/** The signed-in layout (spec 02 'Layout and sidebar', §9): roles' sidebars, the drawer below 768 px, Ctrl/Cmd + B and its cookie. */

const PHONE = { width: 375, height: 740 };
type Doc = { document: { activeElement: { textContent: string | null } | null } };
const focusedText = (page: Page) =>
  page.evaluate(() => (globalThis as unknown as Doc).document.activeElement?.textContent ?? null);
const sidebarState = (page: Page) => page.locator("#sidebar").getAttribute("data-state");
/** The sidebar entries whose label is cut off (wider than the room it has). */
const cutLabels = (entries: Locator) =>
  entries.getByRole("link").evaluateAll((links) =>
    links
      .map((a) => a.querySelector("span"))
      .filter((label) => !label || label.scrollWidth > label.clientWidth)
      .map((label) => label?.textContent ?? "(no label)"),
  );
async function linkNames(page: Page, name: string): Promise<string[]> {
  const nav = page.getByRole("navigation", { name });
  await nav.waitFor();
  return nav.getByRole("link").allTextContents();
}

describe("sidebar", () => {
  /**
   * One person, signed in once (each sign-in costs a key derivation and page loads), through both
   * widths: the desktop steps first, then the same page at 375 px, which logs out.
   */
  describe("a person's sidebar, at 1280 px and then at 375 px", () => {
    let user: Awaited<ReturnType<typeof buildUser>>;
    let page: Page;

    it("Ctrl+B collapses it to icons on desktop, and the choice survives a reload", async () => {
      user = await buildUser({ name: "Mia Mobile" });
      page = keepForSteps(await newPage());
      await signIn(page, user.email, user.password);
      await expectPath(page, "/dashboard");
      await settle(page);
      expect(await linkNames(page, "Main")).toEqual(
        expect.arrayContaining([
          "Dashboard",
          "Password Vault",
          "Documents",
          "Notes",
          "Beneficiaries",
        ]),
      );
      expect(
        await page
          .getByRole("navigation", { name: "Main" })
          .getByRole("link", { name: "Dashboard" })
          .getAttribute("aria-current"),
      ).toBe("page");
      expect(await sidebarState(page)).toBe("expanded");
      await expectNoAxeViolations(page);
      await screenshot(page, "sidebar-expanded");

      await page.keyboard.press("Control+B");
      expect(await sidebarState(page)).toBe("collapsed");
      const cookie = (await page.context().cookies()).find((c) => c.name === "sidebar_state");
      expect(cookie?.value).toBe("false");
      expect(cookie?.sameSite).toBe("Lax");
      expect(cookie?.path).toBe("/");
      const daysLeft = ((cookie?.expires ?? 0) - Date.now() / 1000) / 86_400;
      expect(daysLeft).toBeGreaterThan(6.9);
      expect(daysLeft).toBeLessThanOrEqual(7);

      await page.reload();
      await settle(page);
      expect(await sidebarState(page)).toBe("collapsed");
      const nav = page.getByRole("navigation", { name: "Main" });
      expect(await nav.getByRole("link", { name: "Beneficiaries" }).count()).toBe(1); // icons keep their names
      await nav.getByRole("link", { name: "Notes" }).hover();
      await expectNoAxeViolations(page);
      await screenshot(page, "sidebar-collapsed");

      await page.getByRole("button", { name: "Toggle sidebar" }).click();
      expect(await sidebarState(page)).toBe("expanded");
      expect(
        await page.getByRole("button", { name: "Toggle sidebar" }).getAttribute("aria-expanded"),
      ).toBe("true");
    });

    it("at 375 px is a drawer: the menu button opens it, focus stays inside, Escape closes it and focus returns", async () => {
      await page.setViewportSize(PHONE);
      await page.goto("/dashboard");
      await expectPath(page, "/dashboard");
      await settle(page);
      const menu = page.getByRole("button", { name: "Open menu" });
      await menu.waitFor();
      expect(await page.getByRole("navigation", { name: "Main" }).count()).toBe(0);
      await expectNoAxeViolations(page);
      await screenshot(page, "layout-mobile");

      await menu.click();
      const drawer = page.getByRole("dialog", { name: "Menu" });
      await drawer.waitFor();
      const nav = drawer.getByRole("navigation", { name: "Main" });
      expect(await nav.getByRole("link", { name: "Dashboard" }).getAttribute("aria-current")).toBe(
        "page",
      );
      await expectText(nav, "Mia Mobile");
      await expectText(nav, user.email);
      await expectNoAxeViolations(page);
      await screenshot(page, "sidebar-drawer");
      for (let i = 0; i < 12; i++) {
        await page.keyboard.press("Tab");
        expect(await drawer.evaluate((el) => el.contains(el.ownerDocument.activeElement))).toBe(
          true,
        );
      }
      await page.keyboard.press("Escape");
      await drawer.waitFor({ state: "hidden" });
      await expect.poll(() => focusedText(page)).toBe("Open menu");

      // Ctrl+B opens it too; following a link closes it and marks the new page.
      await page.keyboard.press("Control+B");
      await drawer.waitFor();
      await nav.getByRole("link", { name: "Beneficiaries" }).click();
      await drawer.waitFor({ state: "hidden" });
      await expectPath(page, "/beneficiaries");
      await expectText(page.getByRole("heading", { level: 1 }), "Beneficiaries"); // the screen, not only the URL (navigations are transitions)
      await menu.click();
      expect(
        await nav.getByRole("link", { name: "Beneficiaries" }).getAttribute("aria-current"),
      ).toBe("page");
      expect(
        await nav.getByRole("link", { name: "Dashboard" }).getAttribute("aria-current"),
      ).toBeNull();
      await page.keyboard.press("Escape");
      await drawer.waitFor({ state: "hidden" });

      await page.getByRole("button", { name: "Log out" }).click();
      await expectText(page, AUTH_MSG.logoutOk);
      await expectPath(page, "/login");
      // Back at 1280 px: visitors get no sidebar (only the footer's Privacy, Terms and Security).
      await page.setViewportSize(DESKTOP);
      await settle(page);
      expect(await page.getByRole("navigation", { name: "Main" }).count()).toBe(0);
      expect(await page.getByRole("navigation").count()).toBe(1);
    });
  });

  describe("firm admins get the 'Firm Management' sidebar with its five entries and 'Logout', staff only the two they can use, every label whole at 1280 px; the staff pages refuse staff with their own messages", () => {
    let page: Page;
    let staff: Page;

    it("the admin's sidebar: five entries and Logout, every label whole", async () => {
      const { admin } = await buildFirmAdmin();
      page = keepForSteps(await newPage());
      await signIn(page, admin.email, admin.password);
      await expectPath(page, "/dashboard");
      await settle(page);
      const entries = page.getByRole("navigation", { name: "Firm Management" }).getByRole("list");
      await entries.getByRole("link", { name: "Edit Firm" }).waitFor(); // the firm's sidebar has come
      expect(await entries.getByRole("link").allTextContents()).toEqual([
        "Firm Overview",
        "Staff Management",
        "Client Management",
        "Firm Codes",
        "Edit Firm",
      ]);
      expect(
        await page
          .getByRole("navigation", { name: "Firm Management" })
          .getByRole("button", { name: "Logout" })
          .count(),
      ).toBe(1);
      expect(await cutLabels(entries)).toEqual([]);
      await expectNoAxeViolations(page);
      await screenshot(page, "sidebar-firm-admin");
    });

    it("staff get only the two entries they can use, and the staff pages refuse them with their own messages", async () => {
      const email = uniqueEmail("staff");
      const status = await page.evaluate(
        async (e) =>
          (
            await fetch("/api/invitations", {
              method: "POST",
              headers: { "content-type": "application/json" },
              body: JSON.stringify({ email: e, role: "firm_staff" }),
            })
          ).status,
        email,
      );
      expect(status).toBe(200);
      const code = linkFrom(
        await latestMailTo(email, { subject: /invited/i }),
        "/register",
      ).searchParams.get("code");
      const registered = await apiRequest("POST", "/api/register", {
        name: "Sam Staff",
        email,
        password: GOOD_PASSWORD,
        invitationCode: code,
      });
      expect(registered.status).toBe(200);
      await confirmUser(email);

      staff = keepForSteps(await newPage());
      await signIn(staff, email, GOOD_PASSWORD);
      await expectPath(staff, "/dashboard");
      await settle(staff);
      // Staff get only what they can use: no admin-only entry, disabled or not.
      const staffNav = staff.getByRole("navigation", { name: "Firm Management" });
      const staffEntries = staffNav.getByRole("list");
      await staffEntries.getByRole("link", { name: "Client Management" }).waitFor();
      expect(await staffEntries.getByRole("link").allTextContents()).toEqual([
        "Firm Overview",
        "Client Management",
      ]);
      expect(await staffNav.locator("[aria-disabled]").count()).toBe(0);
      await expectNoText(staff, "Admins only");
      expect(await cutLabels(staffEntries)).toEqual([]);
      expect(await staffNav.getByRole("button", { name: "Logout" }).count()).toBe(1);
      await staffNav.getByRole("link", { name: "Client Management" }).click();
      await expectPath(staff, "/clients");
      await settle(staff);
      await expectNoAxeViolations(staff);
      await screenshot(staff, "sidebar-firm-staff");

      // Typed in by hand, the staff pages refuse with their own messages (spec 02 §6).
      await staff.goto("/staff");
      await expectText(staff, GUARD_MSG.manageStaff);
      await expectPath(staff, "/dashboard");
      await staff.goto("/staff/invite");
      await expectText(staff, GUARD_MSG.inviteStaff);
      await expectPath(staff, "/dashboard");
    });

    it.each([
      ["admin", 5],
      ["staff", 2],
    ] as const)("at 375 px the %s gets the same entries in the drawer", async (who, entryCount) => {
      // The page signed in by the steps above, narrowed (no second sign-in).
      const phone = who === "admin" ? page : staff;
      await phone.setViewportSize(PHONE);
      await expectPath(phone, "/dashboard");
      await settle(phone);
      await phone.getByRole("button", { name: "Open menu" }).click();
      const drawer = phone.getByRole("dialog", { name: "Menu" });
      await drawer.waitFor();
      const nav = drawer.getByRole("navigation", { name: "Firm Management" });
      expect(await nav.getByRole("list").getByRole("link").count()).toBe(entryCount);
      expect(await nav.getByRole("button", { name: "Logout" }).count()).toBe(1);
      await expectNoAxeViolations(phone);
      await screenshot(phone, `sidebar-firm-${who}-drawer`);
    });
  });
});
