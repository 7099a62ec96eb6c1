import type { FirmReportView, ReportKind } from "@common/verifier-reports";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { firmReportQueryKey } from "./get-firm-report";

export type FirmReportAction =
  | { type: "make"; kind: ReportKind; note: string }
  | { type: "confirm" | "heard"; reportId: string };

/** An admin, for the firm: reports, confirms, or says they have heard from the client. */
export function actForFirm({ clientId, action }: { clientId: string; action: FirmReportAction }) {
  const base = `/api/clients/${encodeURIComponent(clientId)}/report`;
  return action.type === "make"
    ? api<FirmReportView>(base, {
        method: "POST",
        body: { kind: action.kind, ...(action.note ? { note: action.note } : {}) },
      })
    : api<FirmReportView>(`${base}/${action.type}`, {
        method: "POST",
        body: { reportId: action.reportId },
      });
}

export function useActForFirm(clientId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: actForFirm,
    onSuccess: (data) => qc.setQueryData(firmReportQueryKey(clientId), data),
  });
}
