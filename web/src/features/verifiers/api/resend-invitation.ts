import type { VerifiersView } from "@common/verifiers";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { verifiersQueryKey } from "./list-verifiers";

/** Sends the invitation again (a new link; a verifier who declined is asked again). */
export const resendInvitation = (id: string) =>
  api<VerifiersView>(`/api/verifiers/${encodeURIComponent(id)}/resend`, { method: "POST" });

export function useResendInvitation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: resendInvitation,
    onSuccess: (view) => qc.setQueryData(verifiersQueryKey, view),
  });
}
