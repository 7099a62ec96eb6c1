import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createIdleTimer } from "./idle-timer";

const MINUTE = 60_000;

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date("2026-11-26T12:00:00Z"));
});
afterEach(() => vi.useRealTimers());

const start = (idleMs: number | null) => {
  const onIdle = vi.fn();
  return { timer: createIdleTimer({ idleMs, onIdle }), onIdle };
};

describe("the idle timer (decision 046)", () => {
  it("fires once after the idle time without activity, not before", () => {
    const { onIdle } = start(15 * MINUTE);
    vi.advanceTimersByTime(15 * MINUTE - 1);
    expect(onIdle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onIdle).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(60 * MINUTE);
    expect(onIdle).toHaveBeenCalledTimes(1);
  });

  it("starts again at each activity, in this tab or another", () => {
    const { timer, onIdle } = start(MINUTE);
    vi.advanceTimersByTime(50_000);
    timer.activity(); // here, at 50 s
    vi.advanceTimersByTime(50_000);
    expect(onIdle).not.toHaveBeenCalled();
    timer.activity(Date.now() - 5_000); // another tab, 5 s ago (at 95 s)
    vi.advanceTimersByTime(MINUTE - 5_000 - 1);
    expect(onIdle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onIdle).toHaveBeenCalledTimes(1);
  });

  it("does not go back in time for an older activity, nor forward for one in the future", () => {
    const { timer, onIdle } = start(MINUTE);
    vi.advanceTimersByTime(30_000);
    timer.activity();
    timer.activity(Date.now() - 20_000); // older: the later one counts
    timer.activity(Date.now() + 10 * MINUTE); // a clock ahead: counted as now
    vi.advanceTimersByTime(MINUTE);
    expect(onIdle).toHaveBeenCalledTimes(1);
  });

  it("an activity after the time ran out (timers late in a sleeping tab) locks rather than keeps open", () => {
    const { timer, onIdle } = start(5 * MINUTE);
    // The computer sleeps: the clock moves, the timer has not run yet.
    vi.setSystemTime(Date.now() + 2 * 60 * MINUTE);
    timer.activity();
    expect(onIdle).toHaveBeenCalledTimes(1);
  });

  it("check() after a hidden time locks when it ran out, and re-arms when it did not", () => {
    const { timer, onIdle } = start(5 * MINUTE);
    vi.setSystemTime(Date.now() + 4 * MINUTE);
    timer.check();
    expect(onIdle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(MINUTE);
    expect(onIdle).toHaveBeenCalledTimes(1);
  });

  it("null (only when the tab closes) never fires; a shorter time applies from the last activity", () => {
    const { timer, onIdle } = start(null);
    vi.advanceTimersByTime(24 * 60 * MINUTE);
    expect(onIdle).not.toHaveBeenCalled();
    timer.activity();
    vi.advanceTimersByTime(30_000);
    timer.setIdleTime(MINUTE);
    vi.advanceTimersByTime(30_000 - 1);
    expect(onIdle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onIdle).toHaveBeenCalledTimes(1);
  });

  it("a time already over when it is set fires at once; null stops a pending one", () => {
    const { timer, onIdle } = start(60 * MINUTE);
    vi.advanceTimersByTime(10 * MINUTE);
    timer.setIdleTime(5 * MINUTE);
    expect(onIdle).toHaveBeenCalledTimes(1);

    const other = start(MINUTE);
    other.timer.setIdleTime(null);
    vi.advanceTimersByTime(10 * MINUTE);
    expect(other.onIdle).not.toHaveBeenCalled();
  });

  it("after firing, ignores activity until restart(), then counts from then; stop() ends it", () => {
    const { timer, onIdle } = start(MINUTE);
    vi.advanceTimersByTime(MINUTE);
    timer.activity();
    vi.advanceTimersByTime(5 * MINUTE);
    expect(onIdle).toHaveBeenCalledTimes(1);
    timer.restart();
    vi.advanceTimersByTime(MINUTE - 1);
    expect(onIdle).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(onIdle).toHaveBeenCalledTimes(2);
    timer.restart();
    timer.stop();
    vi.advanceTimersByTime(10 * MINUTE);
    expect(onIdle).toHaveBeenCalledTimes(2);
    expect(vi.getTimerCount()).toBe(0);
  });
});
