import { ACCOUNT_DELETION_MSG, accountDeletionLinkSchema } from "@common/account-deletion";
import { PROFILE_PATHS } from "@common/profiles";
import { Link } from "react-router";
import { LinkActionPanel, type LinkFailure } from "@/components/link-action-panel";
import { ApiError, errorMessage } from "@/lib/api-client";
import { useCancelAccountDeletionByLink } from "../api/cancel-account-deletion-by-link";

const GENERIC_FAILURE = "An unexpected error occurred. Please try again.";

/** Why the link did nothing, and whether pressing again may help (not for an invalid, used or expired link). */
function failureOf(err: Error): LinkFailure {
  if (err instanceof ApiError && (err.status === 400 || err.status === 404))
    return { message: ACCOUNT_DELETION_MSG.linkInvalid, canRetry: false };
  return { message: errorMessage(err, GENERIC_FAILURE), canRetry: true };
}

/** The page behind the e-mailed "Cancel the deletion" link: one button, never on load. */
export function CancelLinkPanel({ token }: { token: string | null }) {
  const cancel = useCancelAccountDeletionByLink();
  const isValid = token !== null && accountDeletionLinkSchema.safeParse({ token }).success;
  return (
    <LinkActionPanel
      token={isValid ? token : null}
      invalidMessage={ACCOUNT_DELETION_MSG.linkInvalid}
      action={cancel}
      failureOf={failureOf}
      buttonLabel="Keep my account"
      pendingLabel="Cancelling..."
      doneMessage={() => ACCOUNT_DELETION_MSG.cancelled}
      isDestructive={false}
      testId="account-deletion-link-result"
      footer={
        <p className="text-center text-sm">
          <Link
            to={PROFILE_PATHS.data}
            className="font-medium text-link underline underline-offset-4"
          >
            Go to your profile
          </Link>
        </p>
      }
    />
  );
}
