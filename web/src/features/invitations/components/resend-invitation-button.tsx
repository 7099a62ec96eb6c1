import { INVITATION_MSG, type PendingInvitationView } from "@common/invitations";
import { Send } from "lucide-react";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { useResendInvitation } from "../api/resend-invitation";

/** E-mails the invitee the invitation again, extended to 7 days (earlier links keep working), and says so in a toast. */
export function ResendInvitationButton({ invitation }: { invitation: PendingInvitationView }) {
  const resend = useResendInvitation();
  const onClick = () =>
    resend.mutate(invitation.id, {
      onSuccess: () => toast.success(INVITATION_MSG.resent(invitation.email)),
      onError: (err) => toast.error(errorMessage(err, INVITATION_MSG.resendFailed)),
    });
  return (
    <Button variant="outline" size="sm" onClick={onClick} disabled={resend.isPending}>
      <Send aria-hidden="true" />
      {resend.isPending ? "Sending..." : "Resend"}
      <span className="sr-only"> invitation to {invitation.email}</span>
    </Button>
  );
}
