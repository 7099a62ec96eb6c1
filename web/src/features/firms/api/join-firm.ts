import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { meQueryKey } from "@/lib/me";
import type { FirmSummary } from "./lookup-firm";
import { firmQueryKey } from "@/features/firm/api/get-firm";

/** A signed-in user without a firm joins the firm of `code`. */
export const joinFirm = async (code: string) => (await api<{ firm: FirmSummary }>("/api/firms/join", { method: "POST", body: { code } })).firm;

/** Resolves once the signed-in user (['me']) has been re-read with the new firm. */
export function useJoinFirm() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: joinFirm,
    onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: meQueryKey }), qc.invalidateQueries({ queryKey: firmQueryKey })]),
  });
}
