import { describe, expect, it } from "vitest";
import { sidebarFor } from "./sidebar-items";

const FIRM_ITEMS = [
  ["Firm Overview", "/dashboard"],
  ["Staff Management", "/staff"],
  ["Client Management", "/clients"],
  ["Firm Codes", "/firm/codes"],
  ["Edit Firm", "/firm/edit"],
];

describe("sidebarFor (spec 02 'Layout and sidebar')", () => {
  it("firm admins get the five 'Firm Management' entries, all followable, and 'Logout'", () => {
    const s = sidebarFor("firm_admin");
    expect(s.label).toBe("Firm Management");
    expect(s.items.map((i) => [i.label, i.to])).toEqual(FIRM_ITEMS);
    expect(s.logoutLabel).toBe("Logout");
    expect(s.hasVaultSearch).toBe(false);
  });

  it("firm staff get only the entries they can use, Firm Overview and Client Management, and 'Logout': no admin-only entry, disabled or not", () => {
    const s = sidebarFor("firm_staff");
    expect(s.label).toBe("Firm Management");
    expect(s.items.map((i) => [i.label, i.to])).toEqual([
      ["Firm Overview", "/dashboard"],
      ["Client Management", "/clients"],
    ]);
    expect(
      s.items.every((i) =>
        Object.keys(i).every((k) => ["to", "label", "icon", "isExact"].includes(k)),
      ),
    ).toBe(true);
    expect(s.logoutLabel).toBe("Logout");
    expect(s.hasVaultSearch).toBe(false);
  });

  it("individuals keep their vault sidebar, with the release plan and the activity timeline (decision 040), and 'Log out'", () => {
    const s = sidebarFor("regular_user");
    expect(s.label).toBe("Main");
    expect(s.items.map((i) => i.label)).toEqual([
      "Dashboard",
      "Password Vault",
      "Documents",
      "Notes",
      "Estate Inventory",
      "Messages for Later",
      "Final Wishes",
      "Beneficiaries",
      "Release Plan",
      "Activity",
    ]);
    expect(s.logoutLabel).toBe("Log out");
    expect(s.hasVaultSearch).toBe(true);
  });
});
