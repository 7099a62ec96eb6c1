import { INVITATION_MSG } from "@common/invitations";
import { useNavigate } from "react-router";
import { FirmConsent } from "@/components/firm-consent";
import { Loading } from "@/components/loading";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { useAcceptInvitation, useOwnInvitation } from "../api/accept-invitation";

/**
 * /join-firm?invitation=…: a client invitation to an address that already has an account (a
 * client import, decision 094). What the firm would see comes first; nothing is shared until
 * "Join {firm}".
 */
export function AcceptInvitation({ email, code }: { email: string; code: string }) {
  const check = useOwnInvitation(email, code);
  const accept = useAcceptInvitation();
  const navigate = useNavigate();
  if (check.isPending) return <Loading variant="list" />;
  const result = check.data;
  if (!result?.valid)
    return (
      <Alert variant="destructive">
        <AlertTitle>
          {result?.reason === "revoked"
            ? INVITATION_MSG.withdrawnTitle
            : INVITATION_MSG.invitationInvalidTitle}
        </AlertTitle>
        <AlertDescription>
          {result?.reason === "revoked"
            ? INVITATION_MSG.withdrawnText
            : INVITATION_MSG.invitationInvalidText}
        </AlertDescription>
      </Alert>
    );
  const onJoin = () =>
    accept.mutate(code, {
      onSuccess: () => {
        toast.success(`You joined ${result.firmName}`);
        navigate("/dashboard", { replace: true });
      },
    });
  return (
    <div className="grid gap-4">
      <p className="font-medium wrap-anywhere">
        {INVITATION_MSG.invitationValidClientText(result.firmName)}
      </p>
      <FirmConsent firmName={result.firmName} />
      {accept.isError && (
        <p role="alert" className="text-sm text-destructive">
          {errorMessage(accept.error, INVITATION_MSG.invitationInvalidText)}
        </p>
      )}
      <Button className="justify-self-start" onClick={onJoin} disabled={accept.isPending}>
        {accept.isPending ? "Joining..." : `Join ${result.firmName}`}
      </Button>
    </div>
  );
}
