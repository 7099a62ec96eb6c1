import { KEYS_MSG } from "@common/keys";
import { UserFacingError } from "@/lib/api-client";

/**
 * Asking for the password in the middle of a save (decision 075): something the person asked for
 * needs the data key and this tab has none (a new tab, a lock meanwhile). Rather than failing,
 * it waits here while the signed-in frame's unlock dialog asks for the password, then goes on with
 * what was typed. Light (no crypto): the dialog and the form that unlocks import it.
 */

/** The person closed the unlock dialog without unlocking: what waited fails with this. */
export class UnlockDeclinedError extends UserFacingError {
  constructor() {
    super(KEYS_MSG.vaultLocked);
  }
}

type Waiter = { resolve: () => void; reject: (err: Error) => void };
const waiters = new Set<Waiter>();
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((listener) => listener());

/** Waits until the vault is unlocked (any unlock form in this tab), or rejects with UnlockDeclinedError. */
export function askToUnlock(): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    waiters.add({ resolve, reject });
    changed();
  });
}

/** Whether something waits for an unlock (the dialog shows while it does). */
export const isUnlockAsked = (): boolean => waiters.size > 0;

/** Told when the first waiter comes or the last one goes. */
export function subscribeUnlockRequests(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

function answer(isUnlocked: boolean) {
  if (waiters.size === 0) return;
  const answered = [...waiters];
  waiters.clear();
  for (const waiter of answered)
    if (isUnlocked) waiter.resolve();
    else waiter.reject(new UnlockDeclinedError());
  changed();
}

/** The password opened the vault (the data key's query holds the key): every waiter goes on. */
export const answerUnlocked = () => answer(true);

/** The dialog was closed without unlocking: every waiter fails with UnlockDeclinedError. */
export const answerDeclined = () => answer(false);
