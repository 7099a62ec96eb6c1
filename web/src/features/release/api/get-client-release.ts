import type { ClientReleaseView } from "@common/release";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** The client's release as their firm sees it (state and summary, never the plan's details), and whether this user may attest. */
export const getClientRelease = (id: string) =>
  api<ClientReleaseView>(`/api/clients/${encodeURIComponent(id)}/release`);

/** Under the clients' key: refreshing the client list refreshes it too. */
export const clientReleaseQueryKey = (id: string) => ["clients", "detail", id, "release"] as const;
export const clientReleaseQueryOptions = (id: string) =>
  queryOptions({ queryKey: clientReleaseQueryKey(id), queryFn: () => getClientRelease(id) });
export const useClientRelease = (id: string) => useQuery(clientReleaseQueryOptions(id));
