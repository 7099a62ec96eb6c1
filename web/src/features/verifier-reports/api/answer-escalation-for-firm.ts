import type { EscalationAnswer, FirmReportView } from "@common/verifier-reports";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { firmReportQueryKey } from "./get-firm-report";

/** An admin answers for the firm, on the client's page. */
export const answerEscalationForFirm = (a: {
  clientId: string;
  escalationId: string;
  answer: EscalationAnswer;
}) =>
  api<FirmReportView>(`/api/clients/${encodeURIComponent(a.clientId)}/escalation`, {
    method: "POST",
    body: { escalationId: a.escalationId, answer: a.answer },
  });

export function useAnswerEscalationForFirm(clientId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: answerEscalationForFirm,
    onSuccess: (view) => qc.setQueryData(firmReportQueryKey(clientId), view),
  });
}
