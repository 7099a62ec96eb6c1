import { ChevronLeft, ChevronRight } from "lucide-react";
import { Button } from "./button";

type Slot = number | "gap-start" | "gap-end";

/** The page numbers to show: all of them when few, else the first, the last and a window around `page`, with gaps between. */
export function pageWindow(page: number, pageCount: number, siblings = 1): Slot[] {
  const shown = 2 * siblings + 5; // first, last, current, siblings and two gaps
  if (pageCount <= shown) return Array.from({ length: pageCount }, (_, i) => i + 1);
  let start = Math.max(2, Math.min(page - siblings, pageCount - 2 * siblings - 2));
  let end = Math.min(pageCount - 1, Math.max(page + siblings, 2 * siblings + 3));
  if (start === 3) start = 2; // a gap would hide a single page: show it instead
  if (end === pageCount - 2) end = pageCount - 1;
  const middle = Array.from({ length: end - start + 1 }, (_, i) => start + i);
  return [
    1,
    ...(start > 2 ? (["gap-start"] as const) : []),
    ...middle,
    ...(end < pageCount - 1 ? (["gap-end"] as const) : []),
    pageCount,
  ];
}

/** Previous, numbered pages and Next; renders nothing for a single page. */
export function Pagination({
  page,
  pageCount,
  onPageChange,
  label = "Pagination",
}: {
  page: number;
  pageCount: number;
  onPageChange: (page: number) => void;
  label?: string;
}) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-center gap-1">
      <Button
        variant="outline"
        size="sm"
        onClick={() => onPageChange(page - 1)}
        disabled={page <= 1}
      >
        <ChevronLeft aria-hidden="true" /> <span className="sr-only sm:not-sr-only">Previous</span>
      </Button>
      <ul className="flex flex-wrap items-center gap-1">
        {pageWindow(page, pageCount).map((slot) =>
          typeof slot === "number" ? (
            <li key={slot}>
              <Button
                variant={slot === page ? "default" : "ghost"}
                size="sm"
                className="min-w-9"
                aria-current={slot === page ? "page" : undefined}
                aria-label={`Page ${slot}`}
                onClick={() => onPageChange(slot)}
              >
                {slot}
              </Button>
            </li>
          ) : (
            <li key={slot} aria-hidden="true" className="px-1 text-muted-foreground">
              …
            </li>
          ),
        )}
      </ul>
      <Button
        variant="outline"
        size="sm"
        onClick={() => onPageChange(page + 1)}
        disabled={page >= pageCount}
      >
        <span className="sr-only sm:not-sr-only">Next</span> <ChevronRight aria-hidden="true" />
      </Button>
    </nav>
  );
}
