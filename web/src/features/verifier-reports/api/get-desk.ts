import type { ReportDeskView } from "@common/verifier-reports";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** The people the signed-in verifier is a verifier for, and any report about them. */
export const getDesk = (session: string) =>
  api<ReportDeskView>("/api/verifier/report/desk", { method: "POST", body: { session } });

export const deskQueryKey = ["verifier-desk"] as const;
export const deskQueryOptions = (session: string) =>
  queryOptions({ queryKey: deskQueryKey, queryFn: () => getDesk(session), staleTime: 0 });
export const useDesk = (session: string) => useQuery(deskQueryOptions(session));
