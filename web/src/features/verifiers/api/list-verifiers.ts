import type { VerifiersView } from "@common/verifiers";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** The signed-in owner's verifiers, their states and the threshold k. */
export const listVerifiers = () => api<VerifiersView>("/api/verifiers");

export const verifiersQueryKey = ["verifiers"] as const;
/** Refetched when the screen opens: a verifier may have answered meanwhile. */
export const verifiersQueryOptions = () =>
  queryOptions({ queryKey: verifiersQueryKey, queryFn: listVerifiers, staleTime: 0 });
export const useVerifiers = () => useQuery(verifiersQueryOptions());
