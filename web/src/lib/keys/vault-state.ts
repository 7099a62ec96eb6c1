import { readTabCopy, TAB_COPY_NAMES, writeTabCopy } from "./tab-storage";

/**
 * This tab's hold on the data key (decision 038), in memory only: light on purpose, since /login
 * imports it (no zod, no common/keys values). vault-unlock.ts does the work.
 */

/**
 * What the sign-in form hands over for the first `getDataKey()` after it: the password key of an
 * account that has moved over, or (not moved over yet) the password as typed, which the move-over
 * sends one last time. Held until used or sign-out, never stored.
 */
export type PendingKeys = { passwordKey: CryptoKey } | { password: string };

/** sessionStorage: DK wrapped with this session's key (the server keeps the key, never the copy). */
export const SESSION_COPY_KEY = TAB_COPY_NAMES.dataKey;

/** `epoch` counts the clears: a key found by an attempt that began before a lock is not kept. */
type VaultState = { dataKey?: CryptoKey; pending?: PendingKeys; epoch: number };
const state: VaultState = { epoch: 0 };

export const vaultState = (): Readonly<VaultState> => state;

export function setDataKeyInMemory(dataKey: CryptoKey | undefined) {
  state.dataKey = dataKey;
}

/** The sign-in form's hand-over (replaces any earlier one, and forgets the last user's key). */
export function holdPendingKeys(pending: PendingKeys) {
  clearVault();
  state.pending = pending;
}

/** Whether the sign-in form handed over keys that nothing has used yet. */
export const hasPendingKeys = (): boolean => !!state.pending;

export function takePendingKeys(): PendingKeys | undefined {
  const pending = state.pending;
  state.pending = undefined;
  return pending;
}

export const readSessionCopy = (): string | null => readTabCopy(SESSION_COPY_KEY);

export const writeSessionCopy = (wrapped: string | null) => writeTabCopy(SESSION_COPY_KEY, wrapped);

/** Sign-out, a lost session and a lock (decision 046): the memory copy, the pending keys and this tab's copy go. */
export function clearVault() {
  state.epoch += 1;
  state.dataKey = undefined;
  state.pending = undefined;
  writeSessionCopy(null);
}
