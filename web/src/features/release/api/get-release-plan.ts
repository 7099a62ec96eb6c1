import type { ReleasePlanView } from "@common/release";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** The signed-in owner's release: its state, plan, what it would hand out and its timeline. */
export const getReleasePlan = () => api<ReleasePlanView>("/api/release");

export const releasePlanQueryKey = ["release"] as const;
/** Always refetched when the screen opens: a check-in, a reminder or the firm may have changed it meanwhile. */
export const releasePlanQueryOptions = () =>
  queryOptions({ queryKey: releasePlanQueryKey, queryFn: getReleasePlan, staleTime: 0 });
export const useReleasePlan = () => useQuery(releasePlanQueryOptions());
