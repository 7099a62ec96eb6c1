import type { VerifiersView } from "@common/verifiers";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { verifiersQueryKey } from "./list-verifiers";

/** Removes a verifier (their links stop working; k is lowered if it must be). */
export const removeVerifier = (id: string) =>
  api<VerifiersView>(`/api/verifiers/${encodeURIComponent(id)}`, { method: "DELETE" });

export function useRemoveVerifier() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: removeVerifier,
    onSuccess: (view) => qc.setQueryData(verifiersQueryKey, view),
  });
}
