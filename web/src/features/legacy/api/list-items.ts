import type { LegacyItemsView } from "@common/legacy";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, ApiError } from "@/lib/api-client";

/** What was left to the visitor, or null when they have not proven an address (401: no portal cookie and no account session). */
export async function listLegacyItems(): Promise<LegacyItemsView | null> {
  try {
    return await api<LegacyItemsView>("/api/legacy/items");
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) return null;
    throw err;
  }
}

/** Every query of the beneficiary portal starts with this key. */
export const legacyQueryKey = ["legacy"] as const;
export const legacyItemsQueryKey = [...legacyQueryKey, "items"] as const;
export const legacyItemsQueryOptions = () =>
  queryOptions({ queryKey: legacyItemsQueryKey, queryFn: listLegacyItems });
export const useLegacyItems = () => useQuery(legacyItemsQueryOptions());
