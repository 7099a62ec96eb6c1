import type { ClientImportList } from "@common/client-imports";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

export const listClientImports = (signal?: AbortSignal) =>
  api<ClientImportList>("/api/firm/client-imports", { signal });

export const clientImportsQueryKey = ["client-imports"] as const;
export const clientImportsQueryOptions = () =>
  queryOptions({
    queryKey: clientImportsQueryKey,
    queryFn: ({ signal }) => listClientImports(signal),
  });

/** The firm's latest imports, so an import started earlier (or before a restart) is found again. */
export const useClientImports = () => useQuery(clientImportsQueryOptions());
