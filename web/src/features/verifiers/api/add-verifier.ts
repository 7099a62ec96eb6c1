import type { AddVerifierInput, VerifiersView } from "@common/verifiers";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { verifiersQueryKey } from "./list-verifiers";

/** Names a person (invited by e-mail) or the owner's firm; answers with the whole list as it now is. */
export const addVerifier = (input: AddVerifierInput) =>
  api<VerifiersView>("/api/verifiers", { method: "POST", body: input });

export function useAddVerifier() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: addVerifier,
    onSuccess: (view) => qc.setQueryData(verifiersQueryKey, view),
  });
}
