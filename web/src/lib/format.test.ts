import { afterEach, describe, expect, it, vi } from "vitest";
import { browserLocales, createFormatters, isoDay } from "./format";

const AT = "2026-11-22T15:05:00Z";

/** Runs `fn` with the process in time zone `tz` (Node reads TZ again whenever it is set). */
function inTimeZone<T>(tz: string, fn: () => T): T {
  vi.stubEnv("TZ", tz);
  try {
    return fn();
  } finally {
    vi.unstubAllEnvs();
  }
}

describe("dates in the reader's locale", () => {
  it("en-US, the journeys' Chromium: the app's formats as before", () => {
    const f = inTimeZone("UTC", () => createFormatters("en-US"));
    expect(f.formatDate(AT)).toBe("Nov 22, 2026");
    expect(f.formatDate(new Date(AT))).toBe("Nov 22, 2026");
    expect(f.formatDateTime(AT)).toMatch(/^Nov 22, 2026, 3:05\sPM$/);
  });

  it("other locales order the parts and name the months their own way", () => {
    const [gb, de, fr] = inTimeZone("UTC", () =>
      ["en-GB", "de-DE", "fr-FR"].map((l) => createFormatters(l)),
    );
    expect(gb?.formatDate(AT)).toBe("22 Nov 2026");
    expect(gb?.formatDateTime(AT)).toBe("22 Nov 2026, 15:05");
    expect(de?.formatDate(AT)).toBe("22. Nov. 2026");
    expect(fr?.formatDate(AT)).toBe("22 nov. 2026");
  });

  it("shows a moment in the reader's time zone", () => {
    const tokyo = inTimeZone("Asia/Tokyo", () => createFormatters("en-US"));
    expect(tokyo.formatDate("2026-11-22T20:00:00Z")).toBe("Nov 23, 2026");
  });

  it("shows a stored calendar day on that same day in every time zone", () => {
    for (const tz of ["Pacific/Kiritimati", "UTC", "Pacific/Pago_Pago"]) {
      const f = inTimeZone(tz, () => createFormatters("en-US"));
      expect(f.formatDay("2026-11-22"), tz).toBe("Nov 22, 2026");
    }
  });

  it("writes nothing for a date it cannot read", () => {
    const f = createFormatters("en-US");
    expect(f.formatDate("not a date")).toBe("");
    expect(f.formatDateTime("")).toBe("");
    expect(f.formatDay("2026-13-45")).toBe("");
  });
});

describe("numbers in the reader's locale", () => {
  const us = createFormatters("en-US");
  const de = createFormatters("de-DE");
  const fr = createFormatters("fr-FR");

  it("groups the digits of counts, and puts an English noun after them", () => {
    expect(us.formatCount(1234567)).toBe("1,234,567");
    expect(de.formatCount(1234567)).toBe("1.234.567");
    expect(fr.formatCount(1234)).toMatch(/^1\s234$/);
    expect(us.formatCount(0, "client")).toBe("0 clients");
    expect(us.formatCount(1, "client")).toBe("1 client");
    expect(us.formatCount(25, "client")).toBe("25 clients");
    expect(de.formatCount(1500, "client")).toBe("1.500 clients");
    expect(us.formatCount(1, "item is", "items are")).toBe("1 item is");
    expect(us.formatCount(2, "item is", "items are")).toBe("2 items are");
  });

  it("writes file sizes in bytes, kB and MB (1024 each), with the locale's decimal sign", () => {
    expect(us.formatFileSize(1)).toBe("1 byte");
    expect(us.formatFileSize(12)).toBe("12 bytes");
    expect(us.formatFileSize(1023)).toBe("1,023 bytes");
    expect(us.formatFileSize(820 * 1024)).toBe("820 kB");
    expect(us.formatFileSize(1024 * 1024 - 1)).toBe("1 MB");
    expect(us.formatFileSize(1.4 * 1024 * 1024)).toBe("1.4 MB");
    expect(us.formatFileSize(10 * 1024 * 1024)).toBe("10 MB");
    expect(de.formatFileSize(1.4 * 1024 * 1024)).toBe("1,4 MB");
  });

  it("writes percentages and recording lengths", () => {
    expect(us.formatPercent(0.42)).toBe("42%");
    expect(de.formatPercent(0.42)).toMatch(/^42\s%$/);
    expect(us.formatDuration(0)).toBe("0:00");
    expect(us.formatDuration(75)).toBe("1:15");
    expect(us.formatDuration(3725.9)).toBe("62:05");
  });
});

describe("the browser's locale", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("is navigator.languages, best first, without tags Intl refuses", () => {
    vi.stubGlobal("navigator", { languages: ["de-DE", "not a tag!", "en"], language: "de-DE" });
    expect(browserLocales()).toEqual(["de-DE", "en"]);
    const f = createFormatters(browserLocales());
    expect(f.formatCount(1500)).toBe("1.500");
  });

  it("falls back to navigator.language, then to the runtime's default", () => {
    vi.stubGlobal("navigator", { languages: [], language: "en-GB" });
    expect(browserLocales()).toEqual(["en-GB"]);
    vi.stubGlobal("navigator", undefined);
    expect(browserLocales()).toBeUndefined();
    expect(() => createFormatters(browserLocales()).formatCount(1)).not.toThrow();
  });
});

describe("isoDay", () => {
  it("is the reader's calendar day as YYYY-MM-DD, the value of a date input", () => {
    expect(isoDay(new Date(2026, 0, 5, 23, 59))).toBe("2026-01-05");
    expect(isoDay(new Date(2026, 10, 22, 0, 0))).toBe("2026-11-22");
    expect(isoDay()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});
