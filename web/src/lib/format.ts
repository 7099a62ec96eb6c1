/**
 * The one way the web app writes dates, times, counts, file sizes and durations (decision 039): in the
 * reader's own locale (the browser's languages), through Intl. The words around them stay English; only
 * the numbers, month names and the order of the parts follow the locale (en-US: "Nov 22, 2026",
 * en-GB: "22 Nov 2026", de-DE: "22. Nov. 2026"; "1,234" / "1.234" / "1 234").
 */

/**
 * The browser's languages, best first, without any tag Intl would refuse (it throws on one); undefined
 * (the runtime's default) where there is no browser (tests, Node).
 */
export function browserLocales(): string[] | undefined {
  const nav = (globalThis as { navigator?: { languages?: readonly string[]; language?: string } })
    .navigator;
  const tags = nav?.languages?.length ? nav.languages : nav?.language ? [nav.language] : [];
  const valid = tags.filter((tag) => {
    try {
      return Intl.getCanonicalLocales(tag).length > 0;
    } catch {
      return false;
    }
  });
  return valid.length ? valid : undefined;
}

/** Formatters for `locales` (a BCP 47 tag or a list, best first; undefined: the runtime's default). */
export function createFormatters(locales?: string | readonly string[]) {
  const list = typeof locales === "string" ? [locales] : locales ? [...locales] : undefined;
  const SHORT_DATE = { month: "short", day: "numeric", year: "numeric" } as const;
  const shortDate = new Intl.DateTimeFormat(list, SHORT_DATE);
  // A stored calendar day is a UTC midnight written in UTC: the same day whatever the reader's zone.
  const calendarDay = new Intl.DateTimeFormat(list, { ...SHORT_DATE, timeZone: "UTC" });
  const dateTime = new Intl.DateTimeFormat(list, { dateStyle: "medium", timeStyle: "short" });
  const integer = new Intl.NumberFormat(list, { maximumFractionDigits: 0 });
  const percent = new Intl.NumberFormat(list, { style: "percent", maximumFractionDigits: 0 });
  const twoDigits = new Intl.NumberFormat(list, { minimumIntegerDigits: 2, useGrouping: false });
  const unit = (name: string, unitDisplay: "long" | "short", maximumFractionDigits: number) =>
    new Intl.NumberFormat(list, { style: "unit", unit: name, unitDisplay, maximumFractionDigits });
  const bytes = unit("byte", "long", 0);
  const kilobytes = unit("kilobyte", "short", 0);
  const megabytes = unit("megabyte", "short", 1);

  const toDate = (value: string | Date) => (typeof value === "string" ? new Date(value) : value);
  const isValid = (date: Date) => !Number.isNaN(date.getTime());

  /** A day: "Nov 22, 2026" (en-US), in local time; "" for an invalid date. */
  const formatDate = (value: string | Date): string => {
    const date = toDate(value);
    return isValid(date) ? shortDate.format(date) : "";
  };

  return {
    formatDate,

    /** A moment to the minute: "Nov 22, 2026, 3:05 PM" (en-US), in local time; for when something will happen. */
    formatDateTime(value: string | Date): string {
      const date = toDate(value);
      return isValid(date) ? dateTime.format(date) : "";
    },

    /** A calendar date as stored ("2026-11-22", no time zone), shown on that same day wherever the reader is. */
    formatDay(day: string): string {
      const date = new Date(`${day}T00:00:00Z`);
      return isValid(date) ? calendarDay.format(date) : "";
    },

    /**
     * A count: "1,234" (en-US). With a noun, the English noun after it: formatCount(1, "client") is
     * "1 client", formatCount(1234, "client") "1,234 clients"; `plural` when adding "s" is wrong.
     * The noun follows English rules (the text is English); only the number follows the locale.
     */
    formatCount(n: number, singular?: string, plural = `${singular}s`): string {
      const number = integer.format(n);
      return singular === undefined ? number : `${number} ${n === 1 ? singular : plural}`;
    },

    /** A share as a whole percentage: 0.42 -> "42%" (en-US), "42 %" (de-DE). */
    formatPercent: (fraction: number): string => percent.format(fraction),

    /** A file's size in binary units: "12 bytes", "820 kB", "1.4 MB" (en-US). */
    formatFileSize(n: number): string {
      if (n < 1024) return bytes.format(n);
      const kb = Math.round(n / 1024);
      return kb < 1024 ? kilobytes.format(kb) : megabytes.format(n / (1024 * 1024));
    },

    /** A recording's length as a clock: 75 -> "1:15". */
    formatDuration(seconds: number): string {
      const whole = Math.max(0, Math.floor(seconds));
      return `${integer.format(Math.floor(whole / 60))}:${twoDigits.format(whole % 60)}`;
    },
  };
}

export const {
  formatDate,
  formatDateTime,
  formatDay,
  formatCount,
  formatPercent,
  formatFileSize,
  formatDuration,
} = createFormatters(browserLocales());

/**
 * A day in the reader's own calendar as YYYY-MM-DD: the value format of `<input type="date">` and of
 * stored calendar dates, not a display format (the same in every locale).
 */
export function isoDay(date: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
