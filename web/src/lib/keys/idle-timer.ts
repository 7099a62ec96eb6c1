/**
 * When a tab has been idle for a chosen time (decision 046): pure timing, no DOM, so that it is
 * tested with fake timers. `activity` is cheap (a clock read): the one timer it keeps re-arms
 * itself when it fires early. Timers run late in a background tab or a sleeping computer, so
 * every activity first checks whether the time already ran out: the key press that wakes a tab
 * after an hour does not keep it open.
 */
export type IdleTimer = {
  /** Activity at `at` (now, or another tab's): the idle time starts again, unless it ran out already. */
  activity(at?: number): void;
  /** Checks now (the tab is shown again after being hidden). */
  check(): void;
  /** A new idle time in milliseconds, or null (no idle lock: only closing the tab). */
  setIdleTime(ms: number | null): void;
  /** Counts again from now, after a lock was undone. */
  restart(): void;
  stop(): void;
};

type Options = {
  idleMs: number | null;
  onIdle: () => void;
  now?: () => number;
};

export function createIdleTimer({ idleMs, onIdle, now = () => Date.now() }: Options): IdleTimer {
  let idle = idleMs;
  let last = now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let isStopped = false;

  const clear = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };
  const hasRunOut = () => idle !== null && now() - last >= idle;
  const fire = () => {
    clear();
    isStopped = true; // once: whoever locks calls restart() after the unlock
    onIdle();
  };
  const check = () => {
    timer = undefined;
    if (isStopped || idle === null) return;
    if (hasRunOut()) fire();
    else arm();
  };
  function arm() {
    if (isStopped || idle === null || timer !== undefined) return;
    timer = setTimeout(check, Math.max(0, last + idle - now()));
  }

  arm();
  return {
    activity(at = now()) {
      if (isStopped) return;
      if (hasRunOut()) return fire();
      last = Math.max(last, Math.min(at, now()));
      arm();
    },
    check() {
      clear();
      check();
    },
    setIdleTime(ms) {
      idle = ms;
      clear();
      if (!isStopped && hasRunOut()) fire();
      else arm();
    },
    restart() {
      clear();
      isStopped = false;
      last = now();
      arm();
    },
    stop() {
      clear();
      isStopped = true;
    },
  };
}
