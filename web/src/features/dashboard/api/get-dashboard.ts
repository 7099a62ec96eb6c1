import type { DashboardView } from "@common/dashboard";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

export type Dashboard = DashboardView;

export const getDashboard = () => api<Dashboard>("/api/dashboard");

export const dashboardQueryKey = ["dashboard"] as const;
/** Always refetched when the dashboard opens: assets and beneficiaries change on other screens. */
export const dashboardQueryOptions = () =>
  queryOptions({ queryKey: dashboardQueryKey, queryFn: getDashboard, staleTime: 0 });
export const useDashboard = () => useQuery(dashboardQueryOptions());
