import type { LeftFirmView } from "@common/firm-membership";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { meQueryKey } from "@/lib/me";
import { firmQueryKey } from "./get-firm";

/** A client leaves their law firm (decision 047): the firm's access ends at once. */
export const leaveFirm = async () =>
  (await api<LeftFirmView>("/api/firm/leave", { method: "POST" })).firm;

/** Resolves once the signed-in user (['me']) has been read again without the firm. */
export function useLeaveFirm() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: leaveFirm,
    onSuccess: () => {
      qc.removeQueries({ queryKey: firmQueryKey });
      return qc.invalidateQueries({ queryKey: meQueryKey });
    },
  });
}
