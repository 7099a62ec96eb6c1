import { QueryClient } from "@tanstack/react-query";
import { GATEWAY_RETRY, QUERY_RETRY, QUERY_STALE_MS } from "@common/app";
import { ApiError } from "./api-client";

/** The spec's data query defaults: 1 retry, no refetch on window focus, 30 s stale (gateway answers: lib/api-client.ts). */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Refusals are not retried, nor gateway answers: the API client already retried those for 30 s.
        retry: (count, err) =>
          !(err instanceof ApiError && err.status >= 400 && err.status < 500) &&
          !(err instanceof ApiError && GATEWAY_RETRY.statuses.includes(err.status)) &&
          count < QUERY_RETRY,
        refetchOnWindowFocus: false,
        staleTime: QUERY_STALE_MS,
      },
      mutations: { retry: false },
    },
  });
}
