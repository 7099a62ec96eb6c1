import type { ActivityPage } from "@common/activity";
import type { Me } from "@common/profiles";
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderScreen } from "@/testing/render-screen";
import { stubFetch } from "@/testing/stub-fetch";
import ActivityScreen from "./activity";

const json = (body: unknown) =>
  Promise.resolve(
    new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } }),
  );
const empty: ActivityPage = { events: [], cursor: null };
const me = (role: Me["role"]) =>
  ({
    id: "u1",
    email: "ada@example.com",
    name: "Ada Admin",
    role,
    firmId: role === "regular_user" ? null : "f1",
    firmName: role === "regular_user" ? null : "Smith & Co",
    isAdmin: role === "firm_admin",
    isStaff: role === "firm_staff",
  }) as Me;

/**
 * /activity: the firm's timeline downloads as a spreadsheet for its admins, the kind shown
 * (issue 38, item 4); server/activity/activity.test.ts holds who may have the file and what is in it.
 */
describe("the firm's activity as a spreadsheet", () => {
  it("offers the admin the firm's activity of the kind shown as a CSV download", async () => {
    stubFetch((url) => json(url === "/api/me" ? { user: me("firm_admin") } : empty));
    const { user } = renderScreen(<ActivityScreen />);
    await user.click(await screen.findByRole("tab", { name: "Your firm" }));
    const link = await screen.findByRole("link", { name: "Download CSV" });
    expect(link.getAttribute("href")).toBe("/api/firm/activity.csv");
    expect(link.hasAttribute("download")).toBe(true);
    await user.selectOptions(screen.getByRole("combobox", { name: "Show" }), "Views as client");
    expect(link.getAttribute("href")).toBe("/api/firm/activity.csv?type=views");
  });

  it("offers no download of the owner's own timeline", async () => {
    stubFetch((url) => json(url === "/api/me" ? { user: me("regular_user") } : empty));
    renderScreen(<ActivityScreen />);
    expect(await screen.findByText("No activity yet.")).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Download CSV" })).toBeNull();
  });
});
