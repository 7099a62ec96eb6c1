import type { ClientDashboardView } from "@common/clients";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { clientsQueryKey } from "./list-clients";

export type ClientDashboard = ClientDashboardView;

export const getClientDashboard = (id: string) =>
  api<ClientDashboard>(`/api/clients/${encodeURIComponent(id)}/dashboard`);

export const clientDashboardQueryKey = (id: string) =>
  [...clientsQueryKey, "detail", id, "dashboard"] as const;
/** Fetched fresh each time impersonation starts, and dropped from the cache once it ends (gcTime 0). */
export const clientDashboardQueryOptions = (id: string) =>
  queryOptions({
    queryKey: clientDashboardQueryKey(id),
    queryFn: () => getClientDashboard(id),
    staleTime: 0,
    gcTime: 0,
  });
export const useClientDashboard = (id: string) => useQuery(clientDashboardQueryOptions(id));
