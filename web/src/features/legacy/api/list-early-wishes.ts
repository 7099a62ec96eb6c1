import type { EarlyWishesView } from "@common/legacy";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, ApiError } from "@/lib/api-client";
import { legacyQueryKey } from "./list-items";

/** The final wishes the proven address may read now, before any release (decision 097); null when signed out. */
export async function listEarlyWishes(): Promise<EarlyWishesView | null> {
  try {
    return await api<EarlyWishesView>("/api/legacy/wishes");
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) return null;
    throw err;
  }
}

export const earlyWishesQueryKey = [...legacyQueryKey, "wishes"] as const;
export const earlyWishesQueryOptions = () =>
  queryOptions({ queryKey: earlyWishesQueryKey, queryFn: listEarlyWishes, staleTime: 0 });
export const useEarlyWishes = (isSignedIn: boolean) =>
  useQuery({ ...earlyWishesQueryOptions(), enabled: isSignedIn });
