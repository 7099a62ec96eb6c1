import { INVITATION_MSG, type PendingInvitationView } from "@common/invitations";
import { ConfirmActionDialog } from "@/components/ui/confirm-action-dialog";
import { errorMessage } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { useRevokeInvitation } from "../api/revoke-invitation";

type Props = {
  /** The invitation to revoke; the dialog is open while there is one. */
  invitation: PendingInvitationView | null;
  onClose: (isRevoked: boolean) => void;
  /** Where focus goes when the dialog closes (the row it was opened from may be gone). */
  onCloseAutoFocus: (event: Event) => void;
};

/** 'Revoke this invitation?': asks first; the link then says it was withdrawn. */
export function RevokeInvitationDialog({ invitation, onClose, onCloseAutoFocus }: Props) {
  const revocation = useRevokeInvitation();
  const onConfirm = async () => {
    if (!invitation) return;
    try {
      await revocation.mutateAsync(invitation.id);
      toast.success(INVITATION_MSG.revoked(invitation.email));
      revocation.reset();
      onClose(true);
    } catch (err) {
      toast.error(errorMessage(err, INVITATION_MSG.revokeFailed));
    }
  };
  return (
    <ConfirmActionDialog
      isOpen={invitation !== null}
      title={INVITATION_MSG.revokeTitle}
      description={invitation ? INVITATION_MSG.revokeText(invitation.email) : ""}
      confirmLabel="Revoke"
      pendingLabel="Revoking..."
      isPending={revocation.isPending}
      failure={
        revocation.isError ? errorMessage(revocation.error, INVITATION_MSG.revokeFailed) : undefined
      }
      onConfirm={() => void onConfirm()}
      onCancel={() => {
        revocation.reset();
        onClose(false);
      }}
      onCloseAutoFocus={onCloseAutoFocus}
    />
  );
}
