import type { EscalationAnswer } from "@common/verifier-reports";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { deskQueryKey } from "./get-desk";

/** A person verifier, with their session, answers the request to reach the owner (decision 085). */
export const answerEscalation = (a: {
  session: string;
  verifierId: string;
  escalationId: string;
  answer: EscalationAnswer;
}) => api<{ message: string }>("/api/verifier/report/escalation", { method: "POST", body: a });

export function useAnswerEscalation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: answerEscalation,
    onSettled: () => qc.invalidateQueries({ queryKey: deskQueryKey }),
  });
}
