import { useEffect, useState } from "react";

/** How long background work waits at most for the browser to be idle. */
const IDLE_TIMEOUT_MS = 2000;

/**
 * False until the browser is first idle after this component mounted (or IDLE_TIMEOUT_MS have
 * passed), then true: for background work that should not compete with the screen's first load
 * (its requests, parsing and rendering).
 */
export function useWhenIdle(): boolean {
  const [isIdle, setIdle] = useState(false);
  useEffect(() => {
    if (typeof window.requestIdleCallback !== "function") {
      const timer = window.setTimeout(() => setIdle(true), 0);
      return () => window.clearTimeout(timer);
    }
    const id = window.requestIdleCallback(() => setIdle(true), { timeout: IDLE_TIMEOUT_MS });
    return () => window.cancelIdleCallback(id);
  }, []);
  return isIdle;
}
