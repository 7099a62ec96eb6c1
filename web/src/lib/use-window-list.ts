import { useWindowVirtualizer, type Range } from "@tanstack/react-virtual";
import { useCallback, useLayoutEffect, useRef, useState, type FocusEvent } from "react";

/**
 * Longer lists than this keep only the rows near the screen in the page (decisions 060 and 107);
 * shorter ones are whole, so that the browser's find and a screen reader's reading reach every row.
 */
export const WINDOW_FROM = 150;

/** The rows in the page are whole steps of this many (see windowIndexes). */
const ROW_STEP = 4;

/**
 * The rows in the page: those on screen and the overscan, rounded out to whole steps of ROW_STEP
 * (most scrolling frames then change nothing in the page, and the browser only moves what it has
 * painted), plus the rows always kept (`kept`: a section's heading, the row holding the focus)
 * wherever they are. In order, each once.
 */
export function windowIndexes(range: Range, kept: readonly number[]): number[] {
  const first = Math.max(0, Math.floor((range.startIndex - range.overscan) / ROW_STEP) * ROW_STEP);
  const last = Math.min(
    range.count - 1,
    Math.ceil((range.endIndex + range.overscan + 1) / ROW_STEP) * ROW_STEP - 1,
  );
  const indexes = Array.from({ length: Math.max(0, last - first + 1) }, (_, i) => first + i);
  const outside = kept.filter((i) => i >= 0 && i < range.count && (i < first || i > last));
  if (outside.length === 0) return indexes;
  return [...new Set([...indexes, ...outside])].sort((a, b) => a - b);
}

type Options = {
  count: number;
  /**
   * A row's key, the same function from render to render until the rows change: a new one places
   * every row again. The same key for a row of another height (say, once its content has opened)
   * would keep the height measured before.
   */
  rowKey: (index: number) => string;
  /**
   * A row's height before it is measured, in px: exactly its real height where it can be known (a
   * row measuring otherwise moves every row after it, which the browser lays out and paints again).
   * `isNarrow`: the list is narrower than `narrowBelow` (if given), where rows lay out as on a
   * phone.
   */
  estimate: (index: number, isNarrow: boolean) => number;
  narrowBelow?: number;
  /** Rows always in the page wherever the window is (a section's heading); ascending. */
  keep?: readonly number[];
};

/**
 * A long list as a window over the page's own scroll (decision 060): the rows on screen and about
 * ten either side, each placed where the whole list would have it (`top`, written by the
 * virtualizer itself, so that scrolling renders again only when the rows in the page change). The
 * list is as tall as the whole list. The row holding the focus stays in the page while scrolled
 * away, so focus is never dropped to the page's body.
 *
 * The list element takes `listProps`; each row is absolutely placed at the top of it (or of a
 * static element inside it) and takes `ref={measureRow}`, `data-index` and `data-key` (its item's
 * index and key). Rows should be memoised: a window step renders the list again.
 */
export function useWindowList<L extends HTMLElement>({
  count,
  rowKey,
  estimate,
  narrowBelow = 0,
  keep = [],
}: Options) {
  const listRef = useRef<L | null>(null);
  // Where the list starts in the page, and whether rows lay out as on a phone (the estimate). What
  // is above the list can change (a summary, an error, a narrower window wrapping a search line);
  // each of those changes the page's size.
  const [scrollMargin, setScrollMargin] = useState(0);
  const [isNarrow, setNarrow] = useState(() => window.innerWidth < narrowBelow);
  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const measure = () => {
      setScrollMargin(list.getBoundingClientRect().top + window.scrollY);
      setNarrow(list.clientWidth < narrowBelow);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, [narrowBelow]);
  const focusedKey = useRef<string | null>(null);
  // Both are called for every row whose height is not measured yet, each time the rows are
  // placed, so they read no layout. getItemKey is a new function only when the rows or the
  // estimate change: a new one makes the virtualizer place every row again, which a new estimate
  // needs and a scroll does not.
  const estimateSize = useCallback(
    (index: number) => estimate(index, isNarrow),
    [estimate, isNarrow],
  );
  // eslint-disable-next-line react-hooks/exhaustive-deps -- a new estimate places the rows again
  const getItemKey = useCallback((index: number) => rowKey(index), [rowKey, isNarrow]);
  const focusedIndex = () => {
    const key = focusedKey.current;
    if (key === null) return -1;
    for (let i = 0; i < count; i++) if (rowKey(i) === key) return i;
    return -1;
  };
  const virtualizer = useWindowVirtualizer<Element>({
    count,
    overscan: 10,
    estimateSize,
    scrollMargin,
    getItemKey,
    rangeExtractor: (range) => windowIndexes(range, [...keep, focusedIndex()]),
    directDomUpdates: true,
    directDomUpdatesMode: "position",
    // Rendered in its own task, not inside the scroll event: the frame that scrolls is not held up
    // by the rows it will show only later (they are beyond the screen, in the overscan).
    useFlushSync: false,
  });
  const ref = useCallback(
    (node: L | null) => {
      listRef.current = node;
      virtualizer.containerRef(node); // the virtualizer sets the list's height
    },
    [virtualizer],
  );
  const onFocus = (event: FocusEvent<L>) => {
    const row = (event.target as Element).closest<HTMLElement>("[data-key]");
    focusedKey.current = row?.dataset.key ?? null;
  };
  const onBlur = (event: FocusEvent<L>) => {
    if (!event.currentTarget.contains(event.relatedTarget)) focusedKey.current = null;
  };
  return {
    /** The rows in the page, in order: index, key. */
    rows: virtualizer.getVirtualItems(),
    listProps: { ref, onFocus, onBlur, className: "relative" },
    measureRow: virtualizer.measureElement,
  };
}
