import type { FirmSummaryView } from "@common/firm-codes";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { meQueryKey } from "@/lib/me";

/** A signed-in user without a firm joins the firm of `code`. */
export const joinFirm = async (code: string) =>
  (await api<{ firm: FirmSummaryView }>("/api/firms/join", { method: "POST", body: { code } }))
    .firm;

/**
 * Resolves once the signed-in user (['me']) has been re-read with the new firm, and whatever
 * `onJoined` refreshes besides (the screen passes the firm's own query).
 */
export function useJoinFirm(onJoined?: () => Promise<unknown>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: joinFirm,
    onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: meQueryKey }), onJoined?.()]),
  });
}
