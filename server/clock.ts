/** Where the release code reads the time: the system clock, or a test clock that tests move forward. */
export type Clock = { now(): Date };

/** A day in milliseconds (a UTC day: no daylight saving on the server's clock). */
export const DAY_MS = 24 * 60 * 60 * 1000;

export const addDays = (d: Date, days: number) => new Date(d.getTime() + days * DAY_MS);

export const systemClock: Clock = { now: () => new Date() };

/** A clock that runs with real time plus an offset that `advance` moves forward (tests and TEST_CLOCK=1). */
export function createOffsetClock(startOffsetMs = 0) {
  let offsetMs = startOffsetMs;
  return {
    now: () => new Date(Date.now() + offsetMs),
    advance(ms: number) {
      offsetMs += ms;
    },
  };
}
export type OffsetClock = ReturnType<typeof createOffsetClock>;
