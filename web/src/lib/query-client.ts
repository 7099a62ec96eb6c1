import { QueryClient } from "@tanstack/react-query";
import { QUERY_RETRY, QUERY_STALE_MS } from "@common/app";
import { ApiError } from "./api-client";

/** The spec's data query defaults: 1 retry, no refetch on window focus, 30 s stale. */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (count, err) =>
          !(err instanceof ApiError && err.status >= 400 && err.status < 500) &&
          count < QUERY_RETRY,
        refetchOnWindowFocus: false,
        staleTime: QUERY_STALE_MS,
      },
      mutations: { retry: false },
    },
  });
}
