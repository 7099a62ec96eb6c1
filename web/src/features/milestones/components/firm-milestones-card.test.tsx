import { MESSAGE_MSG, type FirmMilestonesView } from "@common/messages";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderScreen } from "@/testing/render-screen";
import { fetchedPaths, stubFetch } from "@/testing/stub-fetch";
import { FirmMilestonesCard } from "./firm-milestones-card";

/** The firm's side of a milestone (decision 109): the list, the dialog, a confirmation and a refusal. */

const milestone = { id: "m1", label: "Emma's wedding day", confirmedAt: null };

function renderCard(
  view: FirmMilestonesView,
  confirm: () => Response = () =>
    Response.json({ milestone: { ...milestone, confirmedAt: "2027-06-12T09:00:00.000Z" } }),
) {
  let current = view;
  const fetch = stubFetch(async (url, init) => {
    if (url === "/api/clients/c1/milestones") return Response.json(current);
    if (url === "/api/clients/c1/milestones/m1/confirm" && init?.method === "POST") {
      const res = confirm();
      if (res.ok)
        current = {
          ...current,
          milestones: [{ ...milestone, confirmedAt: "2027-06-12T09:00:00.000Z" }],
        };
      return res;
    }
    return new Response("{}", { status: 404 });
  });
  const view_ = renderScreen(<FirmMilestonesCard clientId="c1" clientName="Olga" isAdmin />);
  return { ...view_, fetch };
}

describe("FirmMilestonesCard", () => {
  it("before the release lists the description and offers no confirmation", async () => {
    renderCard({ isReleased: false, milestones: [milestone] });
    const region = await screen.findByRole("region", { name: "Messages waiting for a day" });
    expect(within(region).getByText("Emma's wedding day")).toBeTruthy();
    expect(within(region).getByText(/only after the release/)).toBeTruthy();
    expect(within(region).queryByRole("button")).toBeNull();
  });

  it("asks first, then confirms and shows the date", async () => {
    const { user, fetch } = renderCard({ isReleased: true, milestones: [milestone] });
    await user.click(
      await screen.findByRole("button", {
        name: "Confirm this has happened: Emma's wedding day",
      }),
    );
    const dialog = screen.getByRole("alertdialog", { name: "Confirm this has happened?" });
    expect(
      within(dialog).getByText(/Olga left a message to be delivered on "Emma's wedding day"/),
    ).toBeTruthy();
    expect(fetchedPaths(fetch)).not.toContain("/api/clients/c1/milestones/m1/confirm");
    await user.click(within(dialog).getByRole("button", { name: "Yes, it has happened" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(await screen.findByText(/^Confirmed .*2027/)).toBeTruthy();
    expect(screen.queryByRole("button", { name: /Confirm this has happened/ })).toBeNull();
  });

  it("keeps the dialog open with the server's reason when it is refused", async () => {
    const { user } = renderCard({ isReleased: true, milestones: [milestone] }, () =>
      Response.json(
        { error: { code: "CONFLICT", message: MESSAGE_MSG.milestoneNotReleased } },
        { status: 409 },
      ),
    );
    await user.click(await screen.findByRole("button", { name: /Confirm this has happened/ }));
    const dialog = screen.getByRole("alertdialog");
    await user.click(within(dialog).getByRole("button", { name: "Yes, it has happened" }));
    expect(await within(dialog).findByText(MESSAGE_MSG.milestoneNotReleased)).toBeTruthy();
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("alertdialog")).toBeNull();
  });

  it("shows nothing to staff, and asks nothing of the server", () => {
    const fetch = stubFetch(async () =>
      Response.json({ isReleased: true, milestones: [milestone] }),
    );
    renderScreen(<FirmMilestonesCard clientId="c1" clientName="Olga" isAdmin={false} />);
    expect(screen.queryByRole("region")).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });
});
