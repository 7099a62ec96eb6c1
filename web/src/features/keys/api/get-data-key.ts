import type { DataKeyView } from "@common/keys";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { fromBase64, importDataKey } from "@/lib/crypto/vault-crypto";

/**
 * The user's data key as a non-extractable CryptoKey, fetched once per session and kept in
 * memory only (never localStorage or IndexedDB); sign-out clears the query cache with it.
 */
export async function getDataKey(): Promise<CryptoKey> {
  const { dataKey } = await api<DataKeyView>("/api/vault/key");
  return importDataKey(fromBase64(dataKey));
}

export const dataKeyQueryOptions = () =>
  queryOptions({
    queryKey: ["vault-key"],
    queryFn: getDataKey,
    staleTime: Infinity,
    gcTime: Infinity,
  });
export const useDataKey = () => useQuery(dataKeyQueryOptions());
