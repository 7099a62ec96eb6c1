import { CLIENTS_PAGE_SIZE } from "../../common/clients.js";
import type { PageCursor, SortKey } from "./cursor.js";

/**
 * How one page is read (decision 033): along the sort order from its start, backwards from its
 * end, or from a page already served (the request's cursor), skipping `offset` rows of the index.
 */
export type PageWalk = {
  /** Rows past this one in the walk's direction (from it, when isInclusive); null: from an end. */
  from: SortKey | null;
  isInclusive: boolean;
  /** Walks the sort order backwards; the page's rows are turned round afterwards. */
  isReversed: boolean;
  offset: number;
  limit: number;
};

/**
 * The walk that skips the fewest rows to `page`: from the start, from the end (when the total is
 * known) or from the cursor's page (the page on screen, so previous, next and the numbers around
 * it skip at most a few pages). Only a page far from both ends and from the cursor steps over
 * many index entries.
 */
export function planPage({
  page,
  total,
  cursor,
}: {
  page: number;
  total: number | null;
  cursor: PageCursor | null;
}): PageWalk {
  const size = CLIENTS_PAGE_SIZE;
  const walks: PageWalk[] = [
    { from: null, isInclusive: false, isReversed: false, offset: (page - 1) * size, limit: size },
  ];
  const rest = total === null ? 0 : total - (page - 1) * size; // this page's first row to the end
  if (rest > 0) {
    const limit = Math.min(size, rest);
    walks.push({ from: null, isInclusive: false, isReversed: true, offset: rest - limit, limit });
  }
  if (cursor && page === cursor.page)
    walks.push({
      from: cursor.first,
      isInclusive: true,
      isReversed: false,
      offset: 0,
      limit: size,
    });
  else if (cursor && page > cursor.page)
    walks.push({
      from: cursor.last,
      isInclusive: false,
      isReversed: false,
      offset: (page - cursor.page - 1) * size,
      limit: size,
    });
  else if (cursor)
    walks.push({
      from: cursor.first,
      isInclusive: false,
      isReversed: true,
      offset: (cursor.page - page - 1) * size,
      limit: size,
    });
  return walks.reduce((best, w) => (w.offset < best.offset ? w : best));
}
