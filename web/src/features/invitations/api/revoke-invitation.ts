import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { invitationsQueryKey } from "./list-invitations";

/** Takes an invitation back: its link then says it was withdrawn. */
export const revokeInvitation = (id: string) =>
  api<{ ok: true }>(`/api/invitations/${encodeURIComponent(id)}/revoke`, { method: "POST" });

export function useRevokeInvitation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: revokeInvitation,
    onSettled: () => qc.invalidateQueries({ queryKey: invitationsQueryKey }),
  });
}
