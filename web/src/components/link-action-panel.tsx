import type { UseMutationResult } from "@tanstack/react-query";
import { useEffect, useRef, type ReactNode } from "react";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";

export type LinkFailure = { message: string; canRetry: boolean };

type Props<T> = {
  /** The link's `token` query parameter, once checked for shape; null when it has none or a bad one. */
  token: string | null;
  /** Shown when the link has no usable token. */
  invalidMessage: string;
  action: UseMutationResult<T, Error, string>;
  /** Why the action did nothing, and whether pressing again may help (not for an invalid link). */
  failureOf: (err: Error) => LinkFailure;
  buttonLabel: string;
  pendingLabel: string;
  doneMessage: (result: T) => string;
  isDestructive?: boolean;
  /** Under the button: where to go from here. */
  footer: ReactNode;
  testId: string;
};

/**
 * The page behind an e-mailed one-click link (release check-in and cancel, e-mail change): ONE
 * button that sends the token, never on load (mail scanners open links), and the result in a live
 * region that takes focus when the button goes.
 */
export function LinkActionPanel<T>({
  token,
  invalidMessage,
  action,
  failureOf,
  buttonLabel,
  pendingLabel,
  doneMessage,
  isDestructive,
  footer,
  testId,
}: Props<T>) {
  const resultRef = useRef<HTMLDivElement>(null);
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
        data-testid={testId}
      >
        {token === null ? (
          <Alert variant="destructive">
            <AlertDescription>{invalidMessage}</AlertDescription>
          </Alert>
        ) : action.isSuccess ? (
          <Alert variant="success">
            <AlertDescription>{doneMessage(action.data)}</AlertDescription>
          </Alert>
        ) : failure ? (
          <Alert variant="destructive">
            <AlertDescription>{failure.message}</AlertDescription>
          </Alert>
        ) : null}
      </div>
      {token !== null && !isDone && (
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
      {footer}
    </div>
  );
}
