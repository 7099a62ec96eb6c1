import type { FirmOverviewView } from "@common/dashboard";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

export const getFirmOverview = () => api<FirmOverviewView>("/api/dashboard/firm");

export const firmOverviewQueryKey = ["dashboard", "firm"] as const;
/** Always refetched when the overview opens: clients, invitations and codes change on other screens. */
export const firmOverviewQueryOptions = () =>
  queryOptions({ queryKey: firmOverviewQueryKey, queryFn: getFirmOverview, staleTime: 0 });
export const useFirmOverview = () => useQuery(firmOverviewQueryOptions());
