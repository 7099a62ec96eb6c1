import type { CareView } from "@common/incapacity";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api, ApiError } from "@/lib/api-client";
import { legacyQueryKey } from "./list-items";

/** What the proven address may read as a caregiver now (decision 093); null when signed out. */
export async function listCare(): Promise<CareView | null> {
  try {
    return await api<CareView>("/api/legacy/care");
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) return null;
    throw err;
  }
}

export const careQueryKey = [...legacyQueryKey, "care"] as const;
export const careQueryOptions = () =>
  queryOptions({ queryKey: careQueryKey, queryFn: listCare, staleTime: 0 });
export const useCare = (isSignedIn: boolean) =>
  useQuery({ ...careQueryOptions(), enabled: isSignedIn });
