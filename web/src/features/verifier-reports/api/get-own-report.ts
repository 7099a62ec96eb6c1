import type { OwnReportView } from "@common/verifier-reports";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** The signed-in owner's open report (the banner, the release screen), or the latest closed one. */
export const getOwnReport = () => api<OwnReportView>("/api/reports");

export const ownReportQueryKey = ["reports", "own"] as const;
export const ownReportQueryOptions = () =>
  queryOptions({ queryKey: ownReportQueryKey, queryFn: getOwnReport, staleTime: 0 });
export const useOwnReport = (isEnabled = true) =>
  useQuery({ ...ownReportQueryOptions(), enabled: isEnabled });
