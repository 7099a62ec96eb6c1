import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { clientsQueryKey } from "./list-clients";

/** A client's profile as the firm sees it: contact details only, never vault content. */
export type ClientProfile = { id: string; name: string; email: string; phone: string | null; address: string | null; createdAt: string };

export const getClient = async (id: string) => (await api<{ client: ClientProfile }>(`/api/clients/${encodeURIComponent(id)}`)).client;

export const clientQueryOptions = (id: string) => queryOptions({ queryKey: [...clientsQueryKey, "detail", id], queryFn: () => getClient(id) });
export const useClient = (id: string) => useQuery(clientQueryOptions(id));
