const SHORT_DATE = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  year: "numeric",
});

/** The app's one date format: a short month-day-year date such as "Nov 22, 2026", in local time. */
export function formatDate(iso: string | Date): string {
  const date = typeof iso === "string" ? new Date(iso) : iso;
  return Number.isNaN(date.getTime()) ? "" : SHORT_DATE.format(date);
}

const DATE_TIME = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });

/** A moment to the minute, such as "Nov 22, 2026, 3:05 PM", in local time: for when something will happen (a release). */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "" : DATE_TIME.format(date);
}

/** A calendar date as stored ("2026-11-22", no time zone) in the app's date format, on that same day wherever the reader is. */
export const formatDay = (day: string) => formatDate(new Date(`${day}T00:00:00`));
