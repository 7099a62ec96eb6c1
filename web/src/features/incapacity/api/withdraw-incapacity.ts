import type { IncapacityView } from "@common/incapacity";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { incapacityQueryKey } from "./get-incapacity";

/** Ends a waiting or active scope at once: caregivers read nothing more. */
export const withdrawIncapacity = () =>
  api<IncapacityView>("/api/incapacity/withdraw", { method: "POST" });

export function useWithdrawIncapacity() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: withdrawIncapacity,
    onSuccess: (view) => qc.setQueryData(incapacityQueryKey, view),
  });
}
