import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { createIdleTimer, type IdleTimer } from "./idle-timer";
import { useLockAfter } from "./lock-preference";
import { holdsVaultKey, lockVault } from "./vault-lock";
import { getVaultLock, subscribeVaultLock } from "./vault-lock-state";

/**
 * Auto-lock (decision 046), mounted once in the signed-in frame. Activity is a pointer, a key,
 * a wheel or touch, or the tab shown again, in this tab or any other tab of the app: tabs tell
 * each other over a BroadcastChannel (at most every few seconds), so working in one keeps the
 * others open. Idle for the chosen time, a tab that holds the key locks, and so does every tab
 * when one locks (idle or "Lock now"); unlocking is each tab's own (the key never crosses tabs).
 */
const CHANNEL = "lv.vault-lock";
const ACTIVITY_EVENTS = ["pointerdown", "pointermove", "keydown", "wheel", "touchstart"] as const;
/** How often a tab tells the others it is in use, at most. */
export const ACTIVITY_BROADCAST_MS = 5_000;

type Message = { type: "activity"; at: number } | { type: "lock" };

export function useAutoLock(userId: string) {
  const queryClient = useQueryClient();
  const lockAfter = useLockAfter(userId);
  const idleMs = lockAfter === null ? null : lockAfter * 60_000;
  const timerRef = useRef<IdleTimer | null>(null);

  useEffect(() => {
    const channel = "BroadcastChannel" in window ? new BroadcastChannel(CHANNEL) : null;
    const timer = createIdleTimer({
      idleMs: null, // set below from the user's choice
      onIdle: () => {
        if (holdsVaultKey()) lockVault({ queryClient, reason: "idle" });
        else timer.restart(); // nothing to forget: count again
      },
    });
    timerRef.current = timer;
    if (getVaultLock().isLocked) timer.stop();

    let lastSent = 0;
    const onActivity = () => {
      if (getVaultLock().isLocked) return;
      timer.activity();
      const now = Date.now();
      if (now - lastSent < ACTIVITY_BROADCAST_MS) return;
      lastSent = now;
      channel?.postMessage({ type: "activity", at: now } satisfies Message);
    };
    const onVisibility = () => {
      if (document.visibilityState === "visible") onActivity();
    };
    const onPageShow = () => timer.check(); // back from the back-forward cache: timers were frozen
    const onMessage = (event: MessageEvent<Message>) => {
      if (event.data.type === "activity") timer.activity(event.data.at);
      else if (event.data.type === "lock" && holdsVaultKey())
        lockVault({ queryClient, reason: "elsewhere" });
    };
    // Locked: no idle time runs; when unlocked, it counts from then. A lock made here is told to the other tabs.
    const unsubscribe = subscribeVaultLock(() => {
      const lock = getVaultLock();
      if (!lock.isLocked) timer.restart();
      else {
        timer.stop();
        if (lock.reason !== "elsewhere") channel?.postMessage({ type: "lock" } satisfies Message);
      }
    });

    for (const type of ACTIVITY_EVENTS)
      window.addEventListener(type, onActivity, { capture: true, passive: true });
    document.addEventListener("visibilitychange", onVisibility);
    window.addEventListener("pageshow", onPageShow);
    channel?.addEventListener("message", onMessage);
    return () => {
      for (const type of ACTIVITY_EVENTS)
        window.removeEventListener(type, onActivity, { capture: true });
      document.removeEventListener("visibilitychange", onVisibility);
      window.removeEventListener("pageshow", onPageShow);
      channel?.close();
      unsubscribe();
      timer.stop();
      timerRef.current = null;
    };
  }, [queryClient]);

  useEffect(() => {
    timerRef.current?.setIdleTime(idleMs);
  }, [idleMs]);
}
