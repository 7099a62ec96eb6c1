import type { VerifiersView } from "@common/verifiers";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { verifiersQueryKey } from "./list-verifiers";

/** How many verifiers must confirm: 1 to the number who have not declined. */
export const setThreshold = (threshold: number) =>
  api<VerifiersView>("/api/verifiers/threshold", { method: "PUT", body: { threshold } });

export function useSetThreshold() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: setThreshold,
    onSuccess: (view) => qc.setQueryData(verifiersQueryKey, view),
  });
}
