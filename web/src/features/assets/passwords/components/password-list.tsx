import type { OpenedAssetView } from "../../titles/open-titles";
import type { PasswordContent } from "@common/assets/passwords";
import { useWindowVirtualizer, type Range } from "@tanstack/react-virtual";
import { useCallback, useLayoutEffect, useRef, useState, type FocusEvent } from "react";
import { cn } from "@/lib/utils";
import type { PasswordHealth } from "../password-health";
import { PasswordRow } from "./password-row";

type Props = {
  passwords: OpenedAssetView[];
  /** The decrypted fields by id; undefined while the vault is being opened or when it failed. */
  contents: Map<string, PasswordContent> | undefined;
  isDecrypting: boolean;
  onDelete: (password: OpenedAssetView) => void;
  /** The owner copied from a row: "recently used". */
  onUsed: (id: string) => void;
  /** The "weak or reused" markers, rated in the browser after decryption (usePasswordHealth). */
  health?: Map<string, PasswordHealth>;
};

/**
 * Longer lists than this keep only the rows near the screen in the page (decision 060); shorter
 * ones are whole, so that the browser's find and a screen reader's reading reach every row.
 */
const WINDOW_FROM = 150;

/** The passwords, one row each (PasswordRow), in the order given. */
export function PasswordList(props: Props) {
  return props.passwords.length > WINDOW_FROM ? (
    <WindowedList {...props} />
  ) : (
    <WholeList {...props} />
  );
}

/** What a row shows of `password`, the same in both lists. */
const rowOf = (props: Props, password: OpenedAssetView) => ({
  password,
  fields: props.contents?.get(password.id),
  isDecrypting: props.isDecrypting,
  marker: props.health?.get(password.id),
  onDelete: props.onDelete,
  onUsed: props.onUsed,
});

function WholeList(props: Props) {
  return (
    <ul aria-label="Passwords" className="divide-y divide-border">
      {props.passwords.map((p) => (
        <PasswordRow key={p.id} {...rowOf(props, p)} />
      ))}
    </ul>
  );
}

const NARROW_LIST_PX = 420;
/**
 * A row's height before it is measured: its buttons beside the title where the list is wide
 * enough, below it on a phone (measured at 1280 and 375 px, with its 1 px border). Exact for a row
 * without a marker: a row that measures otherwise moves every row after it in the page, which the
 * browser then lays out and paints again (e2e/vault-long-list.e2e.ts checks it).
 */
const rowEstimate = (listWidth: number) => (listWidth < NARROW_LIST_PX ? 135 : 71);

/** The rows in the page are whole steps of this many (see windowIndexes). */
const ROW_STEP = 4;

/**
 * The rows in the page: those on screen and the overscan, rounded out to whole steps of ROW_STEP
 * (most scrolling frames then change nothing in the page, and the browser only moves what it has
 * painted), plus the row holding the focus (`focused`, -1 for none) wherever it is.
 */
function windowIndexes(range: Range, focused: number): number[] {
  const first = Math.max(0, Math.floor((range.startIndex - range.overscan) / ROW_STEP) * ROW_STEP);
  const last = Math.min(
    range.count - 1,
    Math.ceil((range.endIndex + range.overscan + 1) / ROW_STEP) * ROW_STEP - 1,
  );
  const indexes = Array.from({ length: last - first + 1 }, (_, i) => first + i);
  if (focused < 0 || (focused >= first && focused <= last)) return indexes;
  return [...indexes, focused].sort((a, b) => a - b);
}

/**
 * A long list (1,000 passwords) as a window: the rows on screen and about ten either side are in
 * the page, each placed where the whole list would have it, so the page scrolls as far as the whole
 * list would. Each row says where it stands ("5 of 1,000": aria-posinset and aria-setsize), and
 * the row holding the focus stays in the page while scrolled away, so focus is never lost.
 */
function WindowedList(props: Props) {
  const { passwords } = props;
  const listRef = useRef<HTMLUListElement>(null);
  // Where the list starts in the page, and a row's height before it is measured (it depends on
  // the list's width). What is above the list can change (the health summary, an error, a
  // narrower window wrapping the search line); each of those changes the page's size.
  const [scrollMargin, setScrollMargin] = useState(0);
  const [estimate, setEstimate] = useState(() => rowEstimate(window.innerWidth));
  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const measure = () => {
      setScrollMargin(list.getBoundingClientRect().top + window.scrollY);
      setEstimate(rowEstimate(list.clientWidth));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, []);
  const focusedId = useRef<string | null>(null);
  // Both are called for every row whose height is not measured yet, each time the rows are
  // placed, so they read no layout. getItemKey stays the same function from render to render: a
  // new one makes the virtualizer place all 1,000 rows again, which is what a new estimate needs.
  const estimateSize = useCallback(() => estimate, [estimate]);
  const getItemKey = useCallback(
    (index: number) => passwords[index]?.id ?? index,
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a new estimate places the rows again
    [passwords, estimate],
  );
  const virtualizer = useWindowVirtualizer<HTMLLIElement>({
    count: passwords.length,
    overscan: 10,
    estimateSize,
    scrollMargin,
    getItemKey,
    rangeExtractor: (range) =>
      windowIndexes(
        range,
        passwords.findIndex((p) => p.id === focusedId.current),
      ),
    // Rows are placed by the virtualizer itself, so scrolling renders again only when the rows
    // on screen change.
    directDomUpdates: true,
    directDomUpdatesMode: "position",
    // Rendered in its own task, not inside the scroll event: the frame that scrolls is not held up
    // by the rows it will show only later (they are beyond the screen, in the overscan).
    useFlushSync: false,
  });
  const setList = useCallback(
    (node: HTMLUListElement | null) => {
      listRef.current = node;
      virtualizer.containerRef(node); // the virtualizer sets the list's height
    },
    [virtualizer],
  );
  const onFocus = (event: FocusEvent<HTMLUListElement>) => {
    focusedId.current = event.target.closest("li")?.dataset.id ?? null;
  };
  const onBlur = (event: FocusEvent<HTMLUListElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget)) focusedId.current = null;
  };
  return (
    <ul ref={setList} aria-label="Passwords" className="relative" onFocus={onFocus} onBlur={onBlur}>
      {virtualizer.getVirtualItems().map((item) => {
        const p = passwords[item.index];
        if (!p) return null;
        return (
          <PasswordRow
            key={item.key}
            ref={virtualizer.measureElement}
            data-index={item.index}
            data-id={p.id}
            aria-setsize={passwords.length}
            aria-posinset={item.index + 1}
            className={cn(
              "absolute inset-x-0 top-0",
              item.index < passwords.length - 1 && "border-b border-border",
            )}
            {...rowOf(props, p)}
          />
        );
      })}
    </ul>
  );
}
