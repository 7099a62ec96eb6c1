import { queryOptions, useQuery } from "@tanstack/react-query";
import { CLIENT_EDITOR_ROLES, hasRole } from "@common/app";
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
/** Whether the signed-in firm member invites clients and edits the firm's notes: not a read-only assistant (decision 084). */
export const useEditsClients = () => hasRole(CLIENT_EDITOR_ROLES, useMe().data?.role);
