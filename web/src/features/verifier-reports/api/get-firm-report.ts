import type { FirmReportView } from "@common/verifier-reports";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** The report about a client, for the admins of a firm that is the client's accepted verifier. */
export const getFirmReport = (clientId: string) =>
  api<FirmReportView>(`/api/clients/${encodeURIComponent(clientId)}/report`);

export const firmReportQueryKey = (clientId: string) =>
  ["clients", "detail", clientId, "report"] as const;
export const firmReportQueryOptions = (clientId: string) =>
  queryOptions({ queryKey: firmReportQueryKey(clientId), queryFn: () => getFirmReport(clientId) });
export const useFirmReport = (clientId: string, isEnabled: boolean) =>
  useQuery({ ...firmReportQueryOptions(clientId), enabled: isEnabled });
