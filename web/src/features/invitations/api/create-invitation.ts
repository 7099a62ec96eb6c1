import type { SendInvitationInput } from "@common/invitations";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { invitationsQueryKey } from "./list-invitations";

/** E-mails an invitation link to join the signed-in user's firm with `role` (staff may invite clients only). */
export const createInvitation = (input: SendInvitationInput) =>
  api<{ success: true }>("/api/invitations", { method: "POST", body: input });

/** A new or renewed invitation appears in the admins' pending list. */
export function useCreateInvitation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createInvitation,
    onSuccess: () => qc.invalidateQueries({ queryKey: invitationsQueryKey }),
  });
}
