import { DEATH_MSG, type ReleasePeopleView } from "@common/deliveries";
import { screen, waitFor, within } from "@testing-library/react";
import { Toaster, toast } from "sonner";
import { afterEach, describe, expect, it } from "vitest";
import { renderScreen } from "@/testing/render-screen";
import { stubFetch } from "@/testing/stub-fetch";
import { ReleasePeopleCard } from "./release-people-card";

const json = (body: unknown, status = 200) =>
  Promise.resolve(
    new Response(JSON.stringify(body), {
      status,
      headers: { "content-type": "application/json" },
    }),
  );

const EMMA = { person: "p-emma", name: "Emma", items: 2, opened: 0, reportedAt: null };
const TOM = { person: "p-tom", name: null, items: 1, opened: 1, reportedAt: null };
const RELEASED: ReleasePeopleView = { released: true, people: [EMMA, TOM] };

const renderCard = (isAdmin = true) =>
  renderScreen(
    <>
      <ReleasePeopleCard clientId="c1" isAdmin={isAdmin} />
      <Toaster />
    </>,
  );

afterEach(() => {
  toast.dismiss(); // sonner keeps its toasts between tests
});

describe("a beneficiary reported dead, on the client's page (decision 105)", () => {
  it("nothing before the release, and nothing for staff", async () => {
    const fetch = stubFetch(() => json({ released: false, people: [] }));
    const { container } = renderCard();
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(container.textContent).toBe("");
    const staff = stubFetch(() => json(RELEASED));
    const second = renderCard(false);
    expect(second.container.textContent).toBe("");
    expect(staff).not.toHaveBeenCalled();
  });

  it("lists the people by name with their items; reports one with a note", async () => {
    const reported = { ...EMMA, reportedAt: "2026-12-04T10:00:00.000Z" };
    const fetch = stubFetch((_url, init) =>
      init?.method === "POST"
        ? json({ released: true, people: [reported, TOM], passedOn: 2 })
        : json(RELEASED),
    );
    const { user } = renderCard();
    const list = await screen.findByRole("list", { name: DEATH_MSG.heading });
    const rows = within(list).getAllByRole("listitem");
    expect(rows.map((r) => r.textContent)).toEqual([
      `Emma2 items, none opened${DEATH_MSG.report}`,
      `${DEATH_MSG.unnamed}1 item, 1 opened${DEATH_MSG.report}`,
    ]);
    await user.click(screen.getByRole("button", { name: `${DEATH_MSG.report}: Emma` }));
    const dialog = await screen.findByRole("alertdialog", { name: DEATH_MSG.confirmTitle("Emma") });
    await user.type(within(dialog).getByLabelText(DEATH_MSG.noteLabel), "  Told by her son  ");
    await user.click(within(dialog).getByRole("button", { name: DEATH_MSG.confirm }));
    expect(await screen.findByText(DEATH_MSG.reported(2))).toBeTruthy();
    const post = fetch.mock.calls.find(([, init]) => init?.method === "POST");
    expect(String(post?.[0])).toContain("/api/clients/c1/release/people/report");
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({
      person: "p-emma",
      note: "Told by her son",
    });
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(screen.getByText(/^Reported as deceased on /)).toBeTruthy();
    expect(screen.queryByRole("button", { name: `${DEATH_MSG.report}: Emma` })).toBeNull();
    expect(document.activeElement?.id).toBe("release-people-heading");
  });

  it("keeps the dialog open and says why when the report is refused", async () => {
    stubFetch((_url, init) =>
      init?.method === "POST"
        ? json({ error: { code: "CONFLICT", message: DEATH_MSG.alreadyReported } }, 409)
        : json(RELEASED),
    );
    const { user } = renderCard();
    await user.click(await screen.findByRole("button", { name: `${DEATH_MSG.report}: Emma` }));
    const dialog = await screen.findByRole("alertdialog");
    await user.click(within(dialog).getByRole("button", { name: DEATH_MSG.confirm }));
    expect(await within(dialog).findByText(DEATH_MSG.alreadyReported)).toBeTruthy();
    expect(screen.getByRole("alertdialog")).toBeTruthy();
  });
});
