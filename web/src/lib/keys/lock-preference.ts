import {
  VAULT_LOCK_AFTER_DEFAULT,
  VAULT_LOCK_AFTER_MINUTES,
  type VaultLockAfter,
} from "@common/keys";
import { useSyncExternalStore } from "react";

/**
 * "Lock the vault after…" (decision 046): a choice of this browser, per user (someone else
 * signing in on a shared computer gets the default), in localStorage: the server has no part
 * in the lock. Minutes, or "tab" for only when the tab closes.
 */
const storageKey = (userId: string) => `lv.lock-after.${userId}`;
const listeners = new Set<() => void>();

export function readLockAfter(userId: string): VaultLockAfter {
  let stored: string | null = null;
  try {
    stored = localStorage.getItem(storageKey(userId));
  } catch {
    // storage off: the default
  }
  if (stored === "tab") return null;
  return (
    VAULT_LOCK_AFTER_MINUTES.find((m) => m !== null && String(m) === stored) ??
    VAULT_LOCK_AFTER_DEFAULT
  );
}

export function writeLockAfter(userId: string, lockAfter: VaultLockAfter) {
  try {
    localStorage.setItem(storageKey(userId), lockAfter === null ? "tab" : String(lockAfter));
  } catch {
    // storage off: this page keeps the default
  }
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  window.addEventListener("storage", listener); // the choice made in another tab
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", listener);
  };
}

export const useLockAfter = (userId: string): VaultLockAfter =>
  useSyncExternalStore(subscribe, () => readLockAfter(userId));
