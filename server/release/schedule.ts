import { ACCESS_DAYS, ESCALATION_DAYS, REMINDER_DAYS } from "../../common/release.js";
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

/**
 * When the inactivity period ends, or null when the trigger is off. A pause (decision 085) counts
 * as a check-in on the day it ends: the countdown starts again from `pausedUntil`.
 */
export const inactivityEndsAt = (
  lastCheckInAt: Date,
  months: number | null,
  pausedUntil: Date | null = null,
) =>
  months === null
    ? null
    : addMonths(
        pausedUntil && pausedUntil.getTime() > lastCheckInAt.getTime()
          ? pausedUntil
          : lastCheckInAt,
        months,
      );

/** When the verifiers' time to reach the owner ends (decision 085). */
export const escalationEndsAt = (startedAt: Date) => addDays(startedAt, ESCALATION_DAYS);

/**
 * A pause "until" the owner's last day away (YYYY-MM-DD): it ends at the start of the next day (UTC).
 * Refused (a reason) when that is not after `now`, or more than `maxPauseDays` days after it.
 */
export function pauseEndsAt(
  until: string,
  { now, maxPauseDays }: { now: Date; maxPauseDays: number },
): { endsAt: Date } | { refused: "in_past" | "too_long" } {
  const endsAt = addDays(new Date(`${until}T00:00:00.000Z`), 1);
  if (endsAt.getTime() <= now.getTime()) return { refused: "in_past" };
  if (endsAt.getTime() > addDays(now, maxPauseDays + 1).getTime()) return { refused: "too_long" };
  return { endsAt };
}

/** How many "I could not reach them" answers start the wait: k, at most the verifiers asked. */
export const unreachableNeeded = (threshold: number, asked: number) =>
  Math.max(1, Math.min(threshold, asked));

/**
 * What an escalation does next (decision 085): one "reached" stops it; enough "could not reach"
 * answers start the wait; at the window's end the wait starts too, unless the owner requires a
 * verifier, when it holds for their answer; otherwise it keeps waiting.
 */
export function escalationOutcome(a: {
  answers: ("reached" | "unreachable")[];
  needed: number;
  isPastEnd: boolean;
  requireVerifier: boolean;
}): "reached" | "start_wait" | "hold" | "open" {
  if (a.answers.includes("reached")) return "reached";
  if (a.answers.filter((x) => x === "unreachable").length >= a.needed) return "start_wait";
  if (!a.isPastEnd) return "open";
  return a.requireVerifier ? "hold" : "start_wait";
}

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
