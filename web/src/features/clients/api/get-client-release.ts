import type { ClientReleaseView } from "@common/release";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { clientsQueryKey } from "./list-clients";

/** The client's release as their firm sees it (state and summary, never the plan's details), and whether this user may attest. */
export const getClientRelease = (id: string) => api<ClientReleaseView>(`/api/clients/${encodeURIComponent(id)}/release`);

export const clientReleaseQueryKey = (id: string) => [...clientsQueryKey, "detail", id, "release"] as const;
export const clientReleaseQueryOptions = (id: string) => queryOptions({ queryKey: clientReleaseQueryKey(id), queryFn: () => getClientRelease(id) });
export const useClientRelease = (id: string) => useQuery(clientReleaseQueryOptions(id));
