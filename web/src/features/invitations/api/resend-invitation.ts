import type { PendingInvitationView } from "@common/invitations";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { invitationsQueryKey } from "./list-invitations";

/** E-mails a new link and extends the invitation to 7 days from now; earlier links keep working (spec 01 §4). */
export const resendInvitation = async (id: string) =>
  (
    await api<{ invitation: PendingInvitationView }>(
      `/api/invitations/${encodeURIComponent(id)}/resend`,
      { method: "POST" },
    )
  ).invitation;

export function useResendInvitation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: resendInvitation,
    onSettled: () => qc.invalidateQueries({ queryKey: invitationsQueryKey }),
  });
}
