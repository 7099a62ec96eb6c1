import { queryOptions, useQuery } from "@tanstack/react-query";
import { getDataKey } from "../vault-unlock";

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
