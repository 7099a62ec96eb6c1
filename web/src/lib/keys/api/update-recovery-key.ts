import type { RecoveryKeyInput } from "@common/keys";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { meQueryKey } from "@/lib/me";
import { recoveryKitStatusQueryKey } from "./get-recovery-kit-status";

/** PUT /api/vault/key/recovery: a new recovery kit; the old recovery key opens nothing any more. */
export const updateRecoveryKey = (input: RecoveryKeyInput) =>
  api<unknown>("/api/vault/key/recovery", { method: "PUT", body: input });

export function useUpdateRecoveryKey() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateRecoveryKey,
    // The signed-in user says whether a first kit is still due (GET /api/me, decision 073).
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: recoveryKitStatusQueryKey }),
        qc.invalidateQueries({ queryKey: meQueryKey }),
      ]),
  });
}
