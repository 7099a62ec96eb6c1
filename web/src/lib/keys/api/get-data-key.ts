import { queryOptions, useQuery, type QueryClient } from "@tanstack/react-query";
import { askToUnlock } from "../unlock-request";
import { getDataKey, VaultLockedError } from "../vault-unlock";

/**
 * The owner's data key as a non-extractable CryptoKey, in memory only (decision 038: see
 * lib/keys/vault-unlock.ts for where it comes from). A locked tab fails with
 * VaultLockedError, which the screens answer with the unlock form; sign-out clears it.
 */
export { getDataKey };

export const dataKeyQueryKey = ["vault-key"] as const;

export const dataKeyQueryOptions = () =>
  queryOptions({
    queryKey: dataKeyQueryKey,
    queryFn: getDataKey,
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });
export const useDataKey = () => useQuery(dataKeyQueryOptions());

/**
 * The data key for something the person asked for (a save, decision 075): a tab without it asks
 * for the password (the unlock dialog) and goes on once it is open, so that nothing typed is lost;
 * UnlockDeclinedError when they close the dialog instead. Background work uses the query as is.
 */
export async function fetchDataKeyOrAsk(queryClient: QueryClient): Promise<CryptoKey> {
  for (;;) {
    try {
      return await queryClient.fetchQuery(dataKeyQueryOptions());
    } catch (err) {
      if (!(err instanceof VaultLockedError)) throw err;
      await askToUnlock();
    }
  }
}
