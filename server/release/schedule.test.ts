import { describe, expect, it } from "vitest";
import {
  addMonths,
  accessEndsAt,
  inactivityEndsAt,
  lastDayReminderAt,
  reminderTimes,
} from "./schedule.js";

const d = (s: string) => new Date(s);

describe("release schedule", () => {
  it("adds calendar months, keeping the day or falling on the month's last day", () => {
    expect(addMonths(d("2026-01-15T10:00:00Z"), 3).toISOString()).toBe("2026-04-15T10:00:00.000Z");
    expect(addMonths(d("2026-01-31T10:00:00Z"), 1).toISOString()).toBe("2026-02-28T10:00:00.000Z");
    expect(addMonths(d("2027-11-30T00:00:00Z"), 18).toISOString()).toBe("2029-05-30T00:00:00.000Z");
  });

  it("has no end while the inactivity trigger is off", () => {
    expect(inactivityEndsAt(d("2026-01-01T00:00:00Z"), null)).toBeNull();
    expect(inactivityEndsAt(d("2026-01-01T00:00:00Z"), 6)?.toISOString()).toBe(
      "2026-07-01T00:00:00.000Z",
    );
  });

  it("plans reminders 30, 7 and 1 day before the end, leaving out those already past", () => {
    const end = d("2026-07-01T00:00:00Z");
    expect(
      reminderTimes(end, d("2026-01-01T00:00:00Z")).map((r) => [r.daysBefore, r.at.toISOString()]),
    ).toEqual([
      [30, "2026-06-01T00:00:00.000Z"],
      [7, "2026-06-24T00:00:00.000Z"],
      [1, "2026-06-30T00:00:00.000Z"],
    ]);
    expect(reminderTimes(end, d("2026-06-10T00:00:00Z")).map((r) => r.daysBefore)).toEqual([7, 1]);
    expect(reminderTimes(end, d("2026-06-30T00:00:00Z"))).toEqual([]);
  });

  it("sends the last-day reminder a day before the end, or halfway through a one-day wait", () => {
    const start = d("2026-03-01T00:00:00Z");
    expect(lastDayReminderAt(start, d("2026-03-08T00:00:00Z")).toISOString()).toBe(
      "2026-03-07T00:00:00.000Z",
    );
    expect(lastDayReminderAt(start, d("2026-03-02T00:00:00Z")).toISOString()).toBe(
      "2026-03-01T12:00:00.000Z",
    );
  });

  it("gives beneficiaries a year from the release", () => {
    expect(accessEndsAt(d("2026-03-01T00:00:00Z")).toISOString()).toBe("2027-03-01T00:00:00.000Z");
  });
});
