import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Dashboard } from "@/features/dashboard/api/get-dashboard";
import { api } from "@/lib/api-client";
import { clientsQueryKey } from "./list-clients";

/**
 * GET /api/clients/:id/dashboard ('View as Client', issue 3): the client's own dashboard summary (counts,
 * the 5 most recently updated items, the number of beneficiaries) with their firm and their beneficiaries'
 * names. Titles and names only: no password, document or note content ever reaches a firm user.
 */
export type ClientDashboard = Dashboard & {
  client: { id: string; name: string; email: string };
  firmName: string | null;
  beneficiaryNames: { name: string; relationship: string | null }[];
};

export const getClientDashboard = (id: string) => api<ClientDashboard>(`/api/clients/${encodeURIComponent(id)}/dashboard`);

export const clientDashboardQueryKey = (id: string) => [...clientsQueryKey, "detail", id, "dashboard"] as const;
/** Fetched fresh each time impersonation starts, and dropped from the cache once it ends (gcTime 0). */
export const clientDashboardQueryOptions = (id: string) =>
  queryOptions({ queryKey: clientDashboardQueryKey(id), queryFn: () => getClientDashboard(id), staleTime: 0, gcTime: 0 });
export const useClientDashboard = (id: string) => useQuery(clientDashboardQueryOptions(id));
