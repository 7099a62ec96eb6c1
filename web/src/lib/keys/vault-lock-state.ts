import { useSyncExternalStore } from "react";

/**
 * Whether this tab's vault is locked (decision 046), light on purpose (the session watcher and
 * sign-out, in the first bundle, end it): vault-lock.ts does the locking.
 */

/**
 * Why the tab locked: idle time, "Lock now" here, a lock in another tab of the app, or a passkey
 * sign-in (no password, so no key yet: decision 056).
 */
export type LockReason = "idle" | "now" | "elsewhere" | "passkey";

export type VaultLock =
  | { isLocked: false }
  | {
      isLocked: true;
      reason: LockReason;
      /** A form had unsaved changes: the screen stays mounted (hidden) under the dialog. */
      keepsScreen: boolean;
    };

let lock: VaultLock = { isLocked: false };
const listeners = new Set<() => void>();

export function setVaultLock(next: VaultLock) {
  lock = next;
  listeners.forEach((listener) => listener());
}

export const getVaultLock = (): VaultLock => lock;

export function subscribeVaultLock(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

export const useVaultLock = () => useSyncExternalStore(subscribeVaultLock, getVaultLock);

/** The lock ends: the password opened the vault again (the unlock form put the key in its query), or the user signed out. */
export function endVaultLock() {
  if (lock.isLocked) setVaultLock({ isLocked: false });
}
