import { ESTATE_CATEGORY_IDS } from "@common/assets/estate";
import { act, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { openedAssetView } from "@/testing/asset-views";
import { renderScreen } from "@/testing/render-screen";
import { groupEstate, type EstateRow } from "../filter-estate";
import { EstateList } from "./estate-list";

/**
 * /estate's list at scale (decision 107): 2,000 entries are a window, every section's heading
 * stays, each entry says where it stands in its section, and the focused entry is kept; a short
 * inventory is whole. happy-dom lays nothing out, so every element measures as a row would (71 px).
 */
const entries = (count: number): EstateRow[] =>
  Array.from({ length: count }, (_, i) => ({
    asset: openedAssetView({ type: "estate", title: `Entry ${String(i).padStart(4, "0")}` }),
    content: {
      category: ESTATE_CATEGORY_IDS[i % ESTATE_CATEGORY_IDS.length] ?? null,
      institution: `Bank ${i}`,
      reference: `REF-${i}`,
      contact: "",
      action: "close",
      instructions: "",
    },
  }));

const main = () => screen.getByTestId("estate");
const entryLinks = () => within(main()).getAllByRole("link");

beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, "offsetHeight", "get").mockReturnValue(71);
});
afterEach(() => {
  vi.restoreAllMocks();
  window.scrollTo(0, 0);
});

/** The page scrolled to `y`, the list placed again. */
function scrollTo(y: number) {
  act(() => {
    window.scrollTo(0, y);
    window.dispatchEvent(new Event("scroll"));
  });
}

function renderList(count: number) {
  return renderScreen(
    <main data-testid="estate">
      <EstateList sections={groupEstate(entries(count))} />
    </main>,
  );
}

describe("the estate list at scale", () => {
  it("mounts a window of 2,000 entries and every section's heading with its count", () => {
    renderList(2000);
    const items = within(main()).getAllByRole("listitem");
    expect(items.length).toBeGreaterThan(10);
    expect(items.length).toBeLessThan(80);
    const headings = within(main()).getAllByRole("heading", { level: 2 });
    expect(headings.map((h) => h.textContent)).toEqual([
      "Bank and investment accounts (200)",
      "Pensions (200)",
      "Insurance policies (200)",
      "Property and land (200)",
      "Vehicles (200)",
      "Cryptocurrency (200)",
      "Subscriptions to cancel (200)",
      "Debts and loans (200)",
      "Phones, computers and other devices (200)",
      "Websites, e-mail and online accounts (200)",
    ]);
    // Each section is named by its heading, whether or not its entries are in the page, and its
    // heading is placed where the whole list has it: the fifth's, below the 800 entries before it.
    const vehicles = screen.getByRole("region", { name: "Vehicles (200)" });
    const top = Number.parseFloat(within(vehicles).getByRole("heading").style.top);
    expect(top).toBeGreaterThan(800 * 71);
    expect(top).toBeLessThan(805 * 71);
  });

  it("says where each entry stands in its section", () => {
    renderList(2000);
    const bank = screen.getByRole("region", { name: "Bank and investment accounts (200)" });
    const [first, second] = within(bank).getAllByRole("listitem");
    expect(within(first as HTMLElement).getByRole("link").textContent).toContain("Entry 0000");
    expect(first?.getAttribute("aria-posinset")).toBe("1");
    expect(first?.getAttribute("aria-setsize")).toBe("200");
    expect(second?.getAttribute("aria-posinset")).toBe("2");
    expect(second?.getAttribute("aria-setsize")).toBe("200");
    // The second section's first entry (item 202, after its heading) is its section's first.
    scrollTo(202 * 71);
    const pensions = screen.getByRole("region", { name: "Pensions (200)" });
    const pension = within(pensions).getAllByRole("listitem")[0];
    expect(pension?.textContent).toContain("Entry 0001");
    expect(pension?.getAttribute("aria-posinset")).toBe("1");
    expect(pension?.getAttribute("aria-setsize")).toBe("200");
  });

  it("keeps the focused entry in the page while it is scrolled away", () => {
    renderList(2000);
    const first = entryLinks()[0];
    if (!first) throw new Error("no entry");
    act(() => first.focus());
    expect(document.activeElement).toBe(first);
    scrollTo(71 * 1000);
    // The window moved (the first entries are gone), the focused one stayed.
    expect(screen.queryByRole("link", { name: /Entry 0010/ })).toBeNull();
    expect(first.isConnected).toBe(true);
    expect(document.activeElement).toBe(first);
  });

  it("lists a short inventory whole, for the browser's find", () => {
    renderList(40);
    expect(within(main()).getAllByRole("listitem")).toHaveLength(40);
    expect(main().querySelector("[aria-setsize]")).toBeNull();
  });
});
