import type { IncapacityView } from "@common/incapacity";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** The owner's incapacity scope (decision 093): settings, marked items, the latest scope. */
export const getIncapacity = () => api<IncapacityView>("/api/incapacity");

export const incapacityQueryKey = ["incapacity"] as const;
export const incapacityQueryOptions = () =>
  queryOptions({ queryKey: incapacityQueryKey, queryFn: getIncapacity });
export const useIncapacity = () => useQuery(incapacityQueryOptions());
