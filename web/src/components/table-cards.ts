/**
 * Below 640 px each row of a table becomes a card (issue 16, point 8): pass as the Table's
 * className. The table keeps its elements (and their meaning to screen readers); only the layout
 * changes. A cell with `data-label` shows that label above its value in the card. Header cells
 * with a button (a sortable column) stay, as a row of sort buttons above the cards; the others
 * are left to screen readers.
 */
export const CARDS_BELOW_SM = [
  "max-sm:block",
  "max-sm:[&>thead]:block max-sm:[&>thead]:border-0 max-sm:[&>thead]:bg-transparent",
  "max-sm:[&>thead>tr]:flex max-sm:[&>thead>tr]:flex-wrap max-sm:[&>thead>tr]:gap-1 max-sm:[&>thead>tr]:border-0",
  "max-sm:[&>thead>tr>th]:block max-sm:[&>thead>tr>th]:h-auto max-sm:[&>thead>tr>th]:px-0 max-sm:[&>thead>tr>th]:pb-2",
  "max-sm:[&>thead>tr>th:not(:has(button))]:sr-only",
  "max-sm:[&>tbody]:grid max-sm:[&>tbody]:gap-3",
  "max-sm:[&>tbody>tr]:grid max-sm:[&>tbody>tr]:gap-2 max-sm:[&>tbody>tr]:rounded-lg max-sm:[&>tbody>tr]:border! max-sm:[&>tbody>tr]:border-border max-sm:[&>tbody>tr]:bg-card max-sm:[&>tbody>tr]:p-3 max-sm:[&>tbody>tr]:shadow-sm",
  "max-sm:[&>tbody>tr>td]:block max-sm:[&>tbody>tr>td]:min-w-0 max-sm:[&>tbody>tr>td]:p-0 max-sm:[&>tbody>tr>td]:text-left",
  "max-sm:[&>tbody>tr>td[data-label]]:before:block max-sm:[&>tbody>tr>td[data-label]]:before:text-xs max-sm:[&>tbody>tr>td[data-label]]:before:font-normal max-sm:[&>tbody>tr>td[data-label]]:before:text-muted-foreground max-sm:[&>tbody>tr>td[data-label]]:before:content-[attr(data-label)]",
].join(" ");
