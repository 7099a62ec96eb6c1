import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Me } from "@common/profiles";
import { api, ApiError } from "@/lib/api-client";

export type { Me };

/** The signed-in user (app-wide, so it lives in lib/), or null when nobody is signed in. */
export async function getMe(): Promise<Me | null> {
  try {
    return (await api<{ user: Me }>("/api/me")).user;
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) return null;
    throw err;
  }
}

export const meQueryKey = ["me"] as const;
export const meQueryOptions = () => queryOptions({ queryKey: meQueryKey, queryFn: getMe });
export const useMe = () => useQuery(meQueryOptions());
