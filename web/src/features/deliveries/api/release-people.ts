import type { ReleasePeopleView, ReportDeathInput, ReportDeathResult } from "@common/deliveries";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

const peoplePath = (clientId: string) =>
  `/api/clients/${encodeURIComponent(clientId)}/release/people`;

/** GET /api/clients/:id/release/people: who received items from the client's release (decision 105). */
export const getReleasePeople = (clientId: string) => api<ReleasePeopleView>(peoplePath(clientId));

export const releasePeopleQueryOptions = (clientId: string) =>
  queryOptions({
    queryKey: ["clients", "detail", clientId, "release-people"] as const,
    queryFn: () => getReleasePeople(clientId),
  });

/** Firm admins only: staff get nothing (the server answers 404 to them). */
export const useReleasePeople = (clientId: string, isEnabled: boolean) =>
  useQuery({ ...releasePeopleQueryOptions(clientId), enabled: isEnabled });

/** POST …/release/people/report: a firm admin reports that one of them has died. */
export function useReportDeath(clientId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: ReportDeathInput) =>
      api<ReportDeathResult>(`${peoplePath(clientId)}/report`, { method: "POST", body: input }),
    onSuccess: ({ released, people }) =>
      qc.setQueryData(releasePeopleQueryOptions(clientId).queryKey, { released, people }),
  });
}
