import { INVITATION_MSG } from "@common/invitation-messages";
import { MSG } from "@common/messages";
import { Alert } from "@/components/ui/alert";
import type { InvitationCheck } from "../invitation-link";

/** The panel above the registration form for a checked invitation link; nothing without one. */
export function InvitationPanel({ check }: { check: InvitationCheck | null }) {
  if (!check) return null;
  if (check.valid) {
    return (
      <Alert variant="success" className="mb-6">
        <p>
          <strong>{MSG.invitationValidTitle}</strong> {MSG.invitationValidText(check.firmName ?? "your law firm")}
        </p>
      </Alert>
    );
  }
  return (
    <Alert variant="destructive" className="mb-6">
      {check.isRevoked ? (
        <p>
          <strong>{INVITATION_MSG.withdrawnTitle}</strong> {INVITATION_MSG.withdrawnText}
        </p>
      ) : (
        <p>
          <strong>{MSG.invitationInvalidTitle}</strong> {MSG.invitationInvalidText}
        </p>
      )}
    </Alert>
  );
}
