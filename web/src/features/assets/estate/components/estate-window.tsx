import type { VirtualItem } from "@tanstack/react-virtual";
import { useCallback, useMemo } from "react";
import { useWindowList } from "@/lib/use-window-list";
import { cn } from "@/lib/utils";
import type { EstateRow, EstateSection } from "../filter-estate";
import { EstateEntry, hasDetail } from "./estate-entry";
import { SectionTitle } from "./estate-section-title";

/** A section's heading or one of its entries, in the order of the page. */
type Item =
  | { kind: "heading"; key: string; section: number; isFirst: boolean }
  | {
      kind: "entry";
      key: string;
      section: number;
      row: EstateRow;
      /** Its place in its section, from 0. */
      position: number;
      isFirst: boolean;
      isLast: boolean;
    };

/**
 * The sections as one list of items: each heading, then its entries. An item's key names its shape
 * as well (first of the page or of its section, with a second line or not), so that a height
 * measured for one shape is never taken for another after a filter or once the contents open.
 */
function itemsOf(sections: readonly EstateSection[]): Item[] {
  return sections.flatMap((section, s): Item[] => [
    {
      kind: "heading",
      key: `heading:${section.key}${s === 0 ? ":first" : ""}`,
      section: s,
      isFirst: s === 0,
    },
    ...section.rows.map((row, position): Item => {
      const isFirst = position === 0;
      return {
        kind: "entry",
        key: `${row.asset.id}${isFirst ? ":first" : ""}${hasDetail(row) ? "" : ":short"}`,
        section: s,
        row,
        position,
        isFirst,
        isLast: position === section.rows.length - 1,
      };
    }),
  ]);
}

/**
 * An item's height before it is measured, with its borders, as measured at 1280 px: a heading is
 * its line, the 8 px below it and, after the first section, the 24 px between sections (32 or 56);
 * an entry is one line or two (48 or 70), its 1 px border below, and above for its section's first.
 * Exact, since an item measuring otherwise moves every item after it in the page, which the
 * browser then lays out and paints again (decision 069). The same on a phone (375 px): an entry's
 * lines fit there as well unless its name or its organisation and reference are long, and a line
 * that wraps is measured as it arrives (decision 107). Headings are always in the page, measured.
 */
function estimateOf(item: Item): number {
  if (item.kind === "heading") return (item.isFirst ? 0 : 24) + 24 + 8;
  return (hasDetail(item.row) ? 70 : 48) + 1 + (item.isFirst ? 1 : 0);
}

/**
 * A long inventory (2,000 entries) as a window (useWindowList, decision 107): the entries on
 * screen and about ten either side are in the page, each placed where the whole list would have
 * it. Every section's heading stays in the page, so that its count is read and a screen reader's
 * headings reach each section. Each entry says where it stands in its section ("5 of 200":
 * aria-posinset and aria-setsize), as the whole list's do; the entry holding the focus stays in
 * the page while scrolled away.
 */
export function EstateWindow({ sections }: { sections: EstateSection[] }) {
  const items = useMemo(() => itemsOf(sections), [sections]);
  const headings = useMemo(
    () => items.flatMap((item, i) => (item.kind === "heading" ? [i] : [])),
    [items],
  );
  const rowKey = useCallback((i: number) => items[i]?.key ?? String(i), [items]);
  const estimate = useCallback(
    (i: number) => {
      const item = items[i];
      return item ? estimateOf(item) : 0;
    },
    [items],
  );
  const { rows, listProps, measureRow } = useWindowList<HTMLDivElement>({
    count: items.length,
    rowKey,
    estimate,
    keep: headings,
  });
  // The entries in the page, by section: each section's list holds its own.
  const shown = sections.map((): VirtualItem[] => []);
  for (const v of rows) {
    const item = items[v.index];
    if (item?.kind === "entry") shown[item.section]?.push(v);
  }
  return (
    <div {...listProps}>
      {sections.map((section, s) => {
        const heading = headings[s] ?? -1;
        const entries = shown[s] ?? [];
        return (
          <section key={section.key} aria-labelledby={`estate-${section.key}`}>
            <h2
              key={items[heading]?.key}
              ref={measureRow}
              id={`estate-${section.key}`}
              data-index={heading}
              data-key={items[heading]?.key}
              className={cn(
                "absolute inset-x-0 top-0 pb-2 text-base font-semibold",
                s > 0 && "pt-6",
              )}
            >
              <SectionTitle section={section} />
            </h2>
            {entries.length > 0 && (
              <ul>
                {entries.map((v) => {
                  const item = items[v.index];
                  if (item?.kind !== "entry") return null;
                  return (
                    <EstateEntry
                      key={v.key}
                      ref={measureRow}
                      data-index={v.index}
                      data-key={v.key}
                      aria-setsize={section.rows.length}
                      aria-posinset={item.position + 1}
                      className={cn(
                        "absolute inset-x-0 top-0 border-x border-b border-border",
                        item.isFirst && "rounded-t-lg border-t",
                        item.isLast && "rounded-b-lg",
                      )}
                      row={item.row}
                    />
                  );
                })}
              </ul>
            )}
          </section>
        );
      })}
    </div>
  );
}
