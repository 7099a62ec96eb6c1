import type { PlanHealthView } from "@common/plan-health";
import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { api } from "@/lib/api-client";

/** The signed-in owner's plan health, or a client's for their firm (docs/decisions/083). */
export const getPlanHealth = (clientId?: string) =>
  api<PlanHealthView>(
    clientId ? `/api/clients/${encodeURIComponent(clientId)}/plan-health` : "/api/plan-health",
  );

export const planHealthQueryKey = (clientId?: string) =>
  clientId ? (["plan-health", "client", clientId] as const) : (["plan-health", "own"] as const);

export const planHealthQueryOptions = (clientId?: string) =>
  queryOptions({
    queryKey: planHealthQueryKey(clientId),
    queryFn: () => getPlanHealth(clientId),
    staleTime: 0,
  });

/**
 * What the owner's list is made of, by query key: when one of these changes on the same screen
 * (a plan saved, a verifier added, a key handed over, an item saved, a platform ticked), the list is read again.
 */
const SOURCES = new Set([
  "release",
  "verifiers",
  "beneficiary-keys",
  "beneficiaries",
  "assets",
  "playbook",
]);

export function usePlanHealth(clientId?: string) {
  const qc = useQueryClient();
  useEffect(() => {
    if (clientId) return;
    return qc.getQueryCache().subscribe((event) => {
      const source = event.query.queryKey[0];
      if (event.type === "updated" && typeof source === "string" && SOURCES.has(source))
        void qc.invalidateQueries({ queryKey: planHealthQueryKey() });
    });
  }, [qc, clientId]);
  return useQuery(planHealthQueryOptions(clientId));
}
