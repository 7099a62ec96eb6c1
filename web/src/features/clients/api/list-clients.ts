import type { ClientListView, ClientRowView } from "@common/clients";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

export type ClientSort = "name" | "joined";
export type SortDir = "asc" | "desc";
/** `cursor`: the cursor of the page the user left, so the server reads `page` from there (decision 033). */
export type ClientListParams = {
  search: string;
  sort: ClientSort;
  dir: SortDir;
  page: number;
  cursor?: string;
};
export type ClientRow = ClientRowView;
export type ClientPage = ClientListView;

export const DEFAULT_CLIENT_LIST: ClientListParams = {
  search: "",
  sort: "joined",
  dir: "desc",
  page: 1,
};

/** One page of the firm's clients, searched (name or e-mail), sorted and paged by the server. */
export function listClients(
  { search, sort, dir, page, cursor }: ClientListParams,
  signal?: AbortSignal,
) {
  const query = new URLSearchParams({ sort, dir, page: String(page) });
  if (search) query.set("search", search);
  if (cursor) query.set("cursor", cursor);
  return api<ClientPage>(`/api/clients?${query}`, { signal });
}

export const clientsQueryKey = ["clients"] as const;
export const clientListQueryOptions = (params: ClientListParams) =>
  queryOptions({
    queryKey: [...clientsQueryKey, "list", params],
    queryFn: ({ signal }) => listClients(params, signal),
  });

/** Keeps showing the previous page while the next one loads, so the table does not jump. */
export const useClients = (params: ClientListParams) =>
  useQuery({ ...clientListQueryOptions(params), placeholderData: keepPreviousData });
