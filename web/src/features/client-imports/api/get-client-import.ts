import type { ClientImportDetail } from "@common/client-imports";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** While invitations are being sent, the progress is read again this often. */
const PROGRESS_POLL_MS = 1000;

export const getClientImport = (id: string, signal?: AbortSignal) =>
  api<ClientImportDetail>(`/api/firm/client-imports/${encodeURIComponent(id)}`, { signal });

export const clientImportQueryKey = ["client-import"] as const;
export const clientImportQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...clientImportQueryKey, id],
    queryFn: ({ signal }) => getClientImport(id, signal),
    refetchInterval: (query) =>
      query.state.data?.import.status === "sending" ? PROGRESS_POLL_MS : false,
  });

/** One import: its preview, then its progress (the server keeps it, so a reload or a restart shows it again). */
export const useClientImport = (id: string | null) =>
  useQuery({ ...clientImportQueryOptions(id ?? ""), enabled: !!id });
