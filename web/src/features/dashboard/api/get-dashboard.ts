import type { AssetType } from "@common/assets";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** GET /api/dashboard (spec 02 §1, §9): counts per type, the 5 most recently updated assets, the number of beneficiaries. No content. */
export type Dashboard = {
  counts: Record<AssetType, number>;
  recent: { id: string; type: AssetType; title: string; updatedAt: string }[];
  beneficiaries: number;
};

export const getDashboard = () => api<Dashboard>("/api/dashboard");

export const dashboardQueryKey = ["dashboard"] as const;
/** Always refetched when the dashboard opens: assets and beneficiaries change on other screens. */
export const dashboardQueryOptions = () => queryOptions({ queryKey: dashboardQueryKey, queryFn: getDashboard, staleTime: 0 });
export const useDashboard = () => useQuery(dashboardQueryOptions());
