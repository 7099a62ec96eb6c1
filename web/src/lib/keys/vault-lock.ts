import type { Query, QueryClient } from "@tanstack/react-query";
import { hasUnsavedChanges } from "@/lib/use-warn-on-leave";
import { dataKeyQueryKey } from "./api/get-data-key";
import { getVaultLock, setVaultLock, type LockReason } from "./vault-lock-state";
import { clearVault, readSessionCopy, vaultState } from "./vault-state";

/**
 * The vault's lock (decision 046): this tab forgets the data key (memory and its sessionStorage
 * copy) and the decrypted data it cached, and the signed-in frame shows the unlock dialog over
 * the screen until the password opens it again. The session stays.
 */

/** `meta` of every query whose data (or key) holds decrypted content: a lock removes it. */
export const plaintextMeta = { holdsPlaintext: true } as const;

const holdsPlaintext = (query: Query) => query.meta?.holdsPlaintext === true;

/** Whether this tab holds the data key (in memory or its sessionStorage copy): something to lock. */
export const holdsVaultKey = () => !!vaultState().dataKey || readSessionCopy() !== null;

/**
 * Forgets the decrypted data in the cache: every plaintext query goes (removed, not invalidated:
 * nothing refetches it while locked). The data key's query is emptied in place where a screen
 * watches it (without a refetch, which would only fail), removed otherwise. A kept screen keeps
 * the queries it shows: its form was filled from them and stays in memory as it is.
 */
export function forgetPlaintext(
  queryClient: QueryClient,
  { keepsScreen }: { keepsScreen: boolean },
) {
  queryClient.removeQueries({
    predicate: (q) => holdsPlaintext(q) && !(keepsScreen && q.getObserversCount() > 0),
  });
  const cache = queryClient.getQueryCache();
  for (const query of cache.findAll({ queryKey: dataKeyQueryKey, exact: true })) {
    if (query.getObserversCount() > 0) query.reset();
    else cache.remove(query);
  }
}

/** Locks this tab now (once: a locked tab stays as it is). */
export function lockVault({
  queryClient,
  reason,
  keepsScreen = hasUnsavedChanges(),
}: {
  queryClient: QueryClient;
  reason: LockReason;
  keepsScreen?: boolean;
}) {
  if (getVaultLock().isLocked) return;
  clearVault();
  forgetPlaintext(queryClient, { keepsScreen });
  setVaultLock({ isLocked: true, reason, keepsScreen });
}
