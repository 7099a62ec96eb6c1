import type { ClientFirmDetailsAnswer } from "@common/clients";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { clientsQueryKey } from "./list-clients";

/** The firm's reference and notes about one of its clients (/clients/edit/{id}, the client's detail). */
export const getClientFirmDetails = (id: string) =>
  api<ClientFirmDetailsAnswer>(`/api/clients/${encodeURIComponent(id)}/firm-details`);

export const clientFirmDetailsQueryKey = (id: string) =>
  [...clientsQueryKey, "firm-details", id] as const;
export const clientFirmDetailsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: clientFirmDetailsQueryKey(id),
    queryFn: () => getClientFirmDetails(id),
  });
export const useClientFirmDetails = (id: string) => useQuery(clientFirmDetailsQueryOptions(id));
