const SHORT_DATE = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric" });

/** The app's one date format: a short month-day-year date such as "Nov 22, 2026", in local time. */
export function formatDate(iso: string | Date): string {
  const date = typeof iso === "string" ? new Date(iso) : iso;
  return Number.isNaN(date.getTime()) ? "" : SHORT_DATE.format(date);
}
