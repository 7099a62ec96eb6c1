import type { FirmVerifierView } from "@common/verifiers";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { firmVerifierQueryKey } from "./get-firm-verifier";

/** An admin accepts or declines, for the firm, being the client's verifier. */
export const answerForFirm = ({
  clientId,
  answer,
}: {
  clientId: string;
  answer: "accept" | "decline";
}) =>
  api<{ verifier: FirmVerifierView }>(`/api/clients/${encodeURIComponent(clientId)}/verifier`, {
    method: "POST",
    body: { answer },
  });

export function useAnswerForFirm(clientId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: answerForFirm,
    onSuccess: (data) => qc.setQueryData(firmVerifierQueryKey(clientId), data),
  });
}
