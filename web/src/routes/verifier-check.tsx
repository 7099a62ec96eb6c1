import { VERIFIER_MSG, verifierLinkSchema } from "@common/verifiers";
import { useSearchParams } from "react-router";
import { LinkActionPanel, type LinkFailure } from "@/components/link-action-panel";
import { AuthLayout } from "@/features/auth/components/auth-layout";
import { useAnswerCheck } from "@/features/verifiers/api/answer-check";
import { ApiError, errorMessage } from "@/lib/api-client";

function failureOf(err: Error): LinkFailure {
  if (err instanceof ApiError && (err.status === 400 || err.status === 404))
    return { message: VERIFIER_MSG.linkInvalid, canRetry: false };
  return {
    message: errorMessage(err, "An unexpected error occurred. Please try again."),
    canRetry: true,
  };
}

/** /verifier/check?token=...: the yearly "still reachable?" link. Public; nothing happens until the button is pressed. */
export default function VerifierCheckScreen() {
  const [params] = useSearchParams();
  const token = params.get("token");
  const check = useAnswerCheck();
  const isValid = token !== null && verifierLinkSchema.safeParse({ token }).success;
  return (
    <AuthLayout
      title="Can we still reach you?"
      description="You are a verifier for someone who uses Legacy Vault. Nothing has happened."
    >
      <LinkActionPanel
        token={isValid ? token : null}
        invalidMessage={VERIFIER_MSG.linkInvalid}
        action={check}
        failureOf={failureOf}
        buttonLabel="Yes, I can still be reached"
        pendingLabel="Saving..."
        doneMessage={() => VERIFIER_MSG.checkAnswered}
        testId="verifier-check-result"
        footer={null}
      />
    </AuthLayout>
  );
}
