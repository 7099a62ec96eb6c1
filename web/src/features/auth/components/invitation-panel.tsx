import { INVITATION_MSG } from "@common/invitations";
import { Alert } from "@/components/ui/alert";
import type { InvitationCheck } from "../invitation-link";

/** The panel above the registration form for a checked invitation link; nothing without one. */
export function InvitationPanel({ check }: { check: InvitationCheck | null }) {
  if (!check) return null;
  if (check.valid) {
    return (
      <Alert variant="success" className="mb-6">
        <p>
          <strong>{INVITATION_MSG.invitationValidTitle}</strong>{" "}
          {(check.role === "regular_user"
            ? INVITATION_MSG.invitationValidClientText
            : INVITATION_MSG.invitationValidText)(check.firmName ?? "your law firm")}
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
          <strong>{INVITATION_MSG.invitationInvalidTitle}</strong>{" "}
          {INVITATION_MSG.invitationInvalidText}
        </p>
      )}
    </Alert>
  );
}
