import { VERIFIER_MSG, verifierLinkSchema } from "@common/verifiers";
import { useSearchParams } from "react-router";
import { Loading } from "@/components/loading";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { AuthLayout } from "@/features/auth/components/auth-layout";
import { useInvitation } from "@/features/verifiers/api/open-invitation";
import { InvitationAnswer } from "@/features/verifiers/components/invitation-answer";
import { ApiError, errorMessage } from "@/lib/api-client";

const LOAD_FAILED = "The invitation could not be opened. Please try again.";

function Invalid({ message }: { message: string }) {
  return (
    <Alert variant="destructive" data-testid="verifier-link-invalid">
      <AlertDescription>{message}</AlertDescription>
    </Alert>
  );
}

function Invitation({ token }: { token: string }) {
  const invitation = useInvitation(token);
  if (invitation.data) return <InvitationAnswer token={token} invitation={invitation.data} />;
  if (invitation.isError)
    return (
      <Invalid
        message={
          invitation.error instanceof ApiError && invitation.error.status === 404
            ? VERIFIER_MSG.linkInvalid
            : errorMessage(invitation.error, LOAD_FAILED)
        }
      />
    );
  return <Loading variant="detail" />;
}

/** /verifier/invite?token=...: the e-mailed invitation to be a verifier. Public; no account. */
export default function VerifierInviteScreen() {
  const [params] = useSearchParams();
  const token = params.get("token");
  const isValid = token !== null && verifierLinkSchema.safeParse({ token }).success;
  return (
    <AuthLayout title="Be a verifier" description="Someone you know trusts you with this.">
      {isValid ? <Invitation token={token} /> : <Invalid message={VERIFIER_MSG.linkInvalid} />}
    </AuthLayout>
  );
}
