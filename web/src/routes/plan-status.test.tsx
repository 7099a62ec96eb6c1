import type { PlanStatusPage, PlanStatusRowView } from "@common/plan-status";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderScreen } from "@/testing/render-screen";
import { stubFetch } from "@/testing/stub-fetch";
import PlanStatusScreen from "./plan-status";

/**
 * /clients/plan-status (docs/decisions/087): its states and controls. Who may read it, and what
 * the server puts in it, are server/plan-status/*.test.ts.
 */
const json = (body: unknown, status = 200) =>
  Promise.resolve(
    new Response(JSON.stringify(body), {
      status,
      headers: { "content-type": "application/json" },
    }),
  );
const row = (n: number, overrides: Partial<PlanStatusRowView> = {}): PlanStatusRowView => ({
  clientId: `c${n}`,
  name: `Client ${n}`,
  email: `client${n}@example.com`,
  hasReleasePlan: true,
  hasBeneficiaries: false,
  areKeysHandedOver: false,
  areVerifiersAccepted: false,
  hasRecoveryKit: true,
  lastCheckInAt: "2026-11-02T10:00:00.000Z",
  score: 40,
  ...overrides,
});
const params = (url: string) => Object.fromEntries(new URL(url, "http://app").searchParams);

describe("the plan status screen", () => {
  it("shows each client's steps as Yes and No under a caption, sorted by score, worst first", async () => {
    stubFetch(() =>
      json({
        clients: [row(1, { lastCheckInAt: null, hasReleasePlan: false, score: 20 }), row(2)],
        nextCursor: null,
      } satisfies PlanStatusPage),
    );
    renderScreen(<PlanStatusScreen />);
    const table = await screen.findByRole("table", { name: /Plan status of your firm's clients/ });
    const rows = within(table).getAllByRole("row");
    expect(rows).toHaveLength(3);
    const first = within(rows[1] as HTMLElement);
    expect(first.getByRole("link", { name: "Client 1" }).getAttribute("href")).toBe("/clients/c1");
    expect(first.getByText("Never")).toBeTruthy();
    expect(first.getAllByText("No")).toHaveLength(4);
    expect(first.getAllByText("Yes")).toHaveLength(1);
    expect(first.getByText("20")).toBeTruthy();
    expect(screen.getByRole("columnheader", { name: /Score/ }).getAttribute("aria-sort")).toBe(
      "ascending",
    );
    expect(screen.getByRole("columnheader", { name: /Client/ }).getAttribute("aria-sort")).toBe(
      "none",
    );
    expect(screen.getByRole("status").textContent).toBe("Showing 2 clients");
  });

  it("sorts by a column, filters, and downloads the same list as CSV", async () => {
    const fetch = stubFetch(() => json({ clients: [row(1)], nextCursor: null }));
    const { user } = renderScreen(<PlanStatusScreen />);
    await screen.findByRole("table");
    expect(params(String(fetch.mock.calls.at(-1)?.[0]))).toEqual({
      sort: "score",
      dir: "asc",
      filter: "all",
    });
    await user.click(screen.getByRole("button", { name: "Client" }));
    await waitFor(() =>
      expect(screen.getByRole("columnheader", { name: /Client/ }).getAttribute("aria-sort")).toBe(
        "ascending",
      ),
    );
    expect(params(String(fetch.mock.calls.at(-1)?.[0]))).toMatchObject({ sort: "name" });
    await user.click(screen.getByRole("button", { name: "Client" }));
    await waitFor(() =>
      expect(params(String(fetch.mock.calls.at(-1)?.[0]))).toMatchObject({ dir: "desc" }),
    );
    await user.selectOptions(screen.getByRole("combobox", { name: "Show" }), "No release plan");
    await waitFor(() =>
      expect(params(String(fetch.mock.calls.at(-1)?.[0]))).toMatchObject({
        sort: "name",
        dir: "desc",
        filter: "no_release_plan",
      }),
    );
    const csv = screen.getByRole("link", { name: "Download CSV" });
    expect(csv.hasAttribute("download")).toBe(true);
    expect(csv.getAttribute("href")).toBe(
      "/api/firm/plan-status.csv?sort=name&dir=desc&filter=no_release_plan",
    );
  });

  it("reads the next page from the cursor on Show more, and stops at the end", async () => {
    const fetch = stubFetch((url) =>
      json(
        params(url).cursor === "next-1"
          ? { clients: [row(3)], nextCursor: null }
          : { clients: [row(1), row(2)], nextCursor: "next-1" },
      ),
    );
    const { user } = renderScreen(<PlanStatusScreen />);
    expect((await screen.findByRole("status")).textContent).toBe("Showing 2 clients so far");
    await user.click(screen.getByRole("button", { name: "Show more" }));
    expect(await screen.findByRole("link", { name: "Client 3" })).toBeTruthy();
    expect(screen.getAllByRole("row")).toHaveLength(4);
    expect(screen.queryByRole("button", { name: "Show more" })).toBeNull();
    expect(screen.getByRole("status").textContent).toBe("Showing 3 clients");
    expect(params(String(fetch.mock.calls.at(-1)?.[0]))).toMatchObject({ cursor: "next-1" });
  });

  it("says when the firm has no clients, when a filter matches none, and when loading failed", async () => {
    stubFetch(() => json({ clients: [], nextCursor: null }));
    const { unmount } = renderScreen(<PlanStatusScreen />);
    expect(await screen.findByText("Your firm has no clients yet.")).toBeTruthy();
    unmount();

    stubFetch(() => json({ clients: [], nextCursor: null }));
    const filtered = renderScreen(<PlanStatusScreen />, {
      path: "/clients/plan-status?filter=complete",
    });
    expect(await screen.findByText("No clients match this filter.")).toBeTruthy();
    filtered.unmount();

    let isDown = true;
    stubFetch(() => (isDown ? json({}, 500) : json({ clients: [row(1)], nextCursor: null })));
    const { user } = renderScreen(<PlanStatusScreen />);
    expect(await screen.findByText("The plan status could not be loaded.")).toBeTruthy();
    isDown = false;
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("link", { name: "Client 1" })).toBeTruthy();
  });
});
