import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderScreen } from "@/testing/render-screen";
import { fetchedPaths, stubFetch } from "@/testing/stub-fetch";
import { ExecutorMilestones } from "./executor-milestones";

/** The executor's side of a milestone in the portal (decision 109). */
describe("ExecutorMilestones", () => {
  it("lists each estate's milestones and confirms one on the portal's path", async () => {
    const fetch = stubFetch(async (url, init) =>
      url === "/api/legacy/milestones/m1/confirm" && init?.method === "POST"
        ? Response.json({
            milestone: { id: "m1", label: "Graduation", confirmedAt: "2027-06-12T09:00:00.000Z" },
          })
        : new Response("{}", { status: 404 }),
    );
    const { user } = renderScreen(
      <ExecutorMilestones
        view={{
          estates: [
            {
              ownerId: "o1",
              ownerName: "Olga",
              milestones: [
                { id: "m1", label: "Graduation", confirmedAt: null },
                { id: "m2", label: "First child", confirmedAt: "2027-01-02T09:00:00.000Z" },
              ],
            },
          ],
        }}
      />,
    );
    const region = screen.getByRole("region", { name: "Olga's messages waiting for a day" });
    expect(within(region).getByText(/You do not see the messages/)).toBeTruthy();
    // a confirmed one has its date and no button
    expect(
      within(region)
        .getAllByRole("button")
        .map((b) => b.getAttribute("aria-label")),
    ).toEqual(["Confirm this has happened: Graduation"]);
    await user.click(within(region).getByRole("button", { name: /Graduation/ }));
    await user.click(screen.getByRole("button", { name: "Yes, it has happened" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(fetchedPaths(fetch)).toEqual(["/api/legacy/milestones/m1/confirm"]);
  });
});
