import { VaultLockedError } from "./vault-unlock";

/**
 * What a screen that needs the data key shows (decision 075): its content once the tab holds the
 * key; "Unlock your vault" in its place when the tab has none (a new tab, a link opened in one),
 * rather than an empty form that cannot be saved or a list that cannot be read; a failed load
 * when the key could not be fetched; else a wait. `wasShown`: the content was shown with the key
 * before and stays (a lock meanwhile keeps a form with unsaved changes mounted under its dialog).
 */
export type VaultKeyGate = "show" | "unlock" | "failed" | "wait";

export function vaultKeyGate({
  hasKey,
  error,
  wasShown,
}: {
  hasKey: boolean;
  error: unknown;
  wasShown: boolean;
}): VaultKeyGate {
  if (hasKey || wasShown) return "show";
  if (error instanceof VaultLockedError) return "unlock";
  if (error) return "failed";
  return "wait";
}
