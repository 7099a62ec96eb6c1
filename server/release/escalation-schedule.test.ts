import { describe, expect, it } from "vitest";
import {
  escalationEndsAt,
  escalationOutcome,
  inactivityEndsAt,
  pauseEndsAt,
  reminderTimes,
  unreachableNeeded,
} from "./schedule.js";

const d = (s: string) => new Date(s);

describe("escalation schedule (decision 085)", () => {
  it("a pause counts as a check-in on the day it ends, and only when later than the last one", () => {
    const last = d("2026-01-10T09:00:00Z");
    expect(inactivityEndsAt(last, 3, d("2026-03-01T00:00:00Z"))?.toISOString()).toBe(
      "2026-06-01T00:00:00.000Z",
    );
    expect(inactivityEndsAt(last, 3, d("2025-12-01T00:00:00Z"))?.toISOString()).toBe(
      "2026-04-10T09:00:00.000Z",
    );
    expect(inactivityEndsAt(last, null, d("2026-03-01T00:00:00Z"))).toBeNull();
  });

  it("puts every reminder after a pause ends", () => {
    const paused = d("2026-05-01T00:00:00Z");
    const endsAt = inactivityEndsAt(d("2026-04-01T00:00:00Z"), 3, paused);
    const times = reminderTimes(endsAt ?? paused, d("2026-04-01T00:00:00Z"));
    expect(times.map((t) => t.daysBefore)).toEqual([30, 7, 1]);
    expect(times.every((t) => t.at.getTime() > paused.getTime())).toBe(true);
  });

  it("a pause ends at the start of the day after the last day away, within the owner's limit", () => {
    const now = d("2026-03-01T12:00:00Z");
    expect(pauseEndsAt("2026-03-14", { now, maxPauseDays: 90 })).toEqual({
      endsAt: d("2026-03-15T00:00:00Z"),
    });
    expect(pauseEndsAt("2026-05-30", { now, maxPauseDays: 90 })).toEqual({
      endsAt: d("2026-05-31T00:00:00Z"),
    });
    expect(pauseEndsAt("2026-06-01", { now, maxPauseDays: 90 })).toEqual({ refused: "too_long" });
    expect(pauseEndsAt("2026-02-28", { now, maxPauseDays: 90 })).toEqual({ refused: "in_past" });
    expect(pauseEndsAt("2026-03-02", { now, maxPauseDays: 0 })).toEqual({ refused: "too_long" });
  });

  it("gives the verifiers seven days", () => {
    expect(escalationEndsAt(d("2026-03-01T00:00:00Z")).toISOString()).toBe(
      "2026-03-08T00:00:00.000Z",
    );
  });

  it("needs k answers of 'could not reach', never more than were asked", () => {
    expect(unreachableNeeded(2, 3)).toBe(2);
    expect(unreachableNeeded(3, 2)).toBe(2);
    expect(unreachableNeeded(1, 0)).toBe(1);
  });

  it("one 'reached' stops it; k 'could not reach' start the wait; the end starts it unless a verifier is required", () => {
    const base = { needed: 2, isPastEnd: false, requireVerifier: false };
    expect(escalationOutcome({ ...base, answers: ["unreachable", "reached"] })).toBe("reached");
    expect(escalationOutcome({ ...base, answers: ["unreachable"] })).toBe("open");
    expect(escalationOutcome({ ...base, answers: ["unreachable", "unreachable"] })).toBe(
      "start_wait",
    );
    expect(escalationOutcome({ ...base, answers: [], isPastEnd: true })).toBe("start_wait");
    expect(
      escalationOutcome({
        ...base,
        answers: ["unreachable"],
        isPastEnd: true,
        requireVerifier: true,
      }),
    ).toBe("hold");
    expect(
      escalationOutcome({
        ...base,
        answers: ["unreachable", "unreachable"],
        isPastEnd: true,
        requireVerifier: true,
      }),
    ).toBe("start_wait");
  });
});
