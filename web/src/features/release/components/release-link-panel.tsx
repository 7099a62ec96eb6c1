import { RELEASE_MSG, releaseLinkSchema } from "@common/release";
import type { UseMutationResult } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
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
function failureOf(err: Error): { message: string; canRetry: boolean } {
  if (err instanceof ApiError && (err.status === 400 || err.status === 404))
    return { message: RELEASE_MSG.linkInvalid, canRetry: false };
  return { message: errorMessage(err, GENERIC_FAILURE), canRetry: true };
}

/**
 * The page behind an e-mailed release link: ONE button that sends the token, never on load (mail
 * scanners open links), and the result in a live region that takes focus when the button goes.
 */
export function ReleaseLinkPanel({
  token,
  action,
  buttonLabel,
  pendingLabel,
  doneMessage,
  isDestructive,
}: Props) {
  const resultRef = useRef<HTMLDivElement>(null);
  const isValid = token !== null && releaseLinkSchema.safeParse({ token }).success;
  const failure = action.error ? failureOf(action.error) : null;
  const isDone = action.isSuccess || (failure !== null && !failure.canRetry);

  useEffect(() => {
    if (isDone) resultRef.current?.focus();
  }, [isDone]);

  return (
    <div className="grid gap-4">
      <div
        ref={resultRef}
        tabIndex={-1}
        aria-live="polite"
        aria-atomic="true"
        className="focus:outline-none"
        data-testid="release-link-result"
      >
        {!isValid ? (
          <Alert variant="destructive">
            <AlertDescription>{RELEASE_MSG.linkInvalid}</AlertDescription>
          </Alert>
        ) : action.isSuccess ? (
          <Alert variant="success">
            <AlertDescription>{doneMessage}</AlertDescription>
          </Alert>
        ) : failure ? (
          <Alert variant="destructive">
            <AlertDescription>{failure.message}</AlertDescription>
          </Alert>
        ) : null}
      </div>
      {isValid && !isDone && (
        <Button
          type="button"
          size="lg"
          variant={isDestructive ? "destructive" : "default"}
          disabled={action.isPending}
          onClick={() => action.mutate(token)}
        >
          {action.isPending ? pendingLabel : buttonLabel}
        </Button>
      )}
      <p className="text-center text-sm">
        <Link to="/release" className="font-medium text-link underline underline-offset-4">
          Go to your release plan
        </Link>
      </p>
    </div>
  );
}
