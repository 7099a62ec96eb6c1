import { LEGACY_MSG, type LegacyItemsView } from "@common/legacy";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { formatDate } from "@/lib/format";
import { LegacyItemList } from "./legacy-item-list";

const view = (over: Partial<LegacyItemsView>): LegacyItemsView => ({
  email: "heir@example.com",
  items: [],
  ended: [],
  upcoming: [],
  firms: [],
  ...over,
});

const renderList = (v: LegacyItemsView) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <LegacyItemList view={v} isFocused={false} />
      </MemoryRouter>
    </QueryClientProvider>,
  );

/** Items that wait days after the release (decision 096): who from, how many and when; never which. */
describe("LegacyItemList: more arrives later", () => {
  it("says how many more arrive and on which day, instead of 'nothing left'", () => {
    const on = "2027-01-10T09:00:00.000Z";
    renderList(view({ upcoming: [{ ownerName: "Olga Owner", on, count: 2 }] }));
    expect(screen.getByText("More from Olga Owner")).toBeTruthy();
    expect(screen.getByText(LEGACY_MSG.moreArrives(2, formatDate(on)))).toBeTruthy();
    expect(screen.queryByText(LEGACY_MSG.noItems)).toBeNull();
  });

  it("one more item, in the singular", () => {
    expect(LEGACY_MSG.moreArrives(1, "10 Jan 2027")).toBe(
      "One more item arrives on 10 Jan 2027. We will e-mail you that day.",
    );
  });

  it("nothing left and nothing to come: the empty message", () => {
    renderList(view({}));
    expect(screen.getByText(LEGACY_MSG.noItems)).toBeTruthy();
    expect(screen.queryByText(/More from/)).toBeNull();
  });
});
