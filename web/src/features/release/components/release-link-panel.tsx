import { RELEASE_MSG, releaseLinkSchema } from "@common/release";
import type { UseMutationResult } from "@tanstack/react-query";
import { Link } from "react-router";
import { LinkActionPanel, type LinkFailure } from "@/components/link-action-panel";
import { ApiError, errorMessage } from "@/lib/api-client";

type Props = {
  /** The link's `token` query parameter, or null when it has none. */
  token: string | null;
  action: UseMutationResult<{ ok: true }, Error, string>;
  buttonLabel: string;
  pendingLabel: string;
  doneMessage: string;
  isDestructive?: boolean;
};

const GENERIC_FAILURE = "An unexpected error occurred. Please try again.";

/** Why the link did nothing, and whether pressing again may help (not for an invalid or expired link). */
function failureOf(err: Error): LinkFailure {
  if (err instanceof ApiError && (err.status === 400 || err.status === 404))
    return { message: RELEASE_MSG.linkInvalid, canRetry: false };
  return { message: errorMessage(err, GENERIC_FAILURE), canRetry: true };
}

/** The page behind an e-mailed release link (components/link-action-panel.tsx). */
export function ReleaseLinkPanel({ token, doneMessage, ...rest }: Props) {
  const isValid = token !== null && releaseLinkSchema.safeParse({ token }).success;
  return (
    <LinkActionPanel
      {...rest}
      token={isValid ? token : null}
      invalidMessage={RELEASE_MSG.linkInvalid}
      failureOf={failureOf}
      doneMessage={() => doneMessage}
      testId="release-link-result"
      footer={
        <p className="text-center text-sm">
          <Link to="/release" className="font-medium text-link underline underline-offset-4">
            Go to your release plan
          </Link>
        </p>
      }
    />
  );
}
