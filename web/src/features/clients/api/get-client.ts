import type { ClientProfileView } from "@common/clients";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { clientsQueryKey } from "./list-clients";

export type ClientProfile = ClientProfileView;

export const getClient = async (id: string) =>
  (await api<{ client: ClientProfile }>(`/api/clients/${encodeURIComponent(id)}`)).client;

export const clientQueryOptions = (id: string) =>
  queryOptions({ queryKey: [...clientsQueryKey, "detail", id], queryFn: () => getClient(id) });
export const useClient = (id: string) => useQuery(clientQueryOptions(id));
