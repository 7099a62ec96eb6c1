import { ACCESS_DAYS, REMINDER_DAYS } from "../../common/release.js";
import { addDays, DAY_MS } from "../clock.js";

export const HOUR_MS = 60 * 60 * 1000;

/** Calendar months in UTC; the 31st of a shorter month falls on its last day (31 Jan + 1 month = 28/29 Feb). */
export function addMonths(d: Date, months: number): Date {
  const out = new Date(d.getTime());
  const day = out.getUTCDate();
  out.setUTCDate(1);
  out.setUTCMonth(out.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(out.getUTCFullYear(), out.getUTCMonth() + 1, 0)).getUTCDate();
  out.setUTCDate(Math.min(day, lastDay));
  return out;
}

/** When the inactivity period ends, or null when the trigger is off. */
export const inactivityEndsAt = (lastCheckInAt: Date, months: number | null) =>
  months === null ? null : addMonths(lastCheckInAt, months);

/** The reminders still ahead of `now` (30, 7 and 1 days before the end), earliest first. */
export function reminderTimes(endsAt: Date, now: Date): { daysBefore: number; at: Date }[] {
  return REMINDER_DAYS.map((daysBefore) => ({ daysBefore, at: addDays(endsAt, -daysBefore) }))
    .filter((r) => r.at.getTime() > now.getTime())
    .sort((a, b) => a.at.getTime() - b.at.getTime());
}

/** The "last day" reminder of a waiting period: a day before its end, or halfway through a wait of a day or less. */
export function lastDayReminderAt(startedAt: Date, releaseAt: Date): Date {
  const wait = releaseAt.getTime() - startedAt.getTime();
  return new Date(releaseAt.getTime() - Math.min(DAY_MS, Math.floor(wait / 2)));
}

export const accessEndsAt = (releasedAt: Date) => addDays(releasedAt, ACCESS_DAYS);
