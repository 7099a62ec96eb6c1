import type { ApiKeyListView, ApiKeyView } from "@common/firm-api";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** The firm's API keys, newest first, revoked ones too (firm admins only). */
export const listApiKeys = async (): Promise<ApiKeyView[]> =>
  (await api<ApiKeyListView>("/api/firm/api-keys")).keys;

export const apiKeysQueryKey = ["firm-api", "keys"] as const;
export const apiKeysQueryOptions = () =>
  queryOptions({ queryKey: apiKeysQueryKey, queryFn: listApiKeys });
export const useApiKeys = () => useQuery(apiKeysQueryOptions());
