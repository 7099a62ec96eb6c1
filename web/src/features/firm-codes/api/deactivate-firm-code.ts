import type { FirmCodeView } from "@common/firm-codes";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { firmCodesQueryKey } from "./list-firm-codes";

/** Active -> inactive, for good (no reactivation, no deletion). */
export const deactivateFirmCode = async (id: string) =>
  (
    await api<{ code: FirmCodeView }>(`/api/firm-codes/${encodeURIComponent(id)}/deactivate`, {
      method: "POST",
    })
  ).code;

export function useDeactivateFirmCode() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deactivateFirmCode,
    onSuccess: () => qc.invalidateQueries({ queryKey: firmCodesQueryKey }),
  });
}
