import type { FirmReportView, ReportKind } from "@common/verifier-reports";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { firmReportQueryKey, getFirmReport } from "./get-firm-report";
import { uploadReportDocument } from "./upload-report-document";

export type FirmReportAction =
  | { type: "make"; kind: ReportKind; note: string; file?: File | null }
  | { type: "confirm" | "heard"; reportId: string };

/** An admin, for the firm: reports, confirms, or says they have heard from the client. */
export async function actForFirm({
  clientId,
  action,
}: {
  clientId: string;
  action: FirmReportAction;
}) {
  const base = `/api/clients/${encodeURIComponent(clientId)}/report`;
  if (action.type !== "make")
    return api<FirmReportView>(`${base}/${action.type}`, {
      method: "POST",
      body: { reportId: action.reportId },
    });
  const made = await api<FirmReportView>(base, {
    method: "POST",
    body: { kind: action.kind, ...(action.note ? { note: action.note } : {}) },
  });
  if (!action.file) return made;
  await uploadReportDocument(`${base}/document`, action.file);
  return getFirmReport(clientId);
}

export function useActForFirm(clientId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: actForFirm,
    onSuccess: (data) => qc.setQueryData(firmReportQueryKey(clientId), data),
  });
}
