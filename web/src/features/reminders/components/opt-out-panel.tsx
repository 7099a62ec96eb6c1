import { REMINDER_MSG } from "@common/reminders";
import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { linkLook } from "@/components/looks";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { useOptOutByToken } from "../api/opt-out-by-token";

/**
 * The reminder e-mail's opt-out (decision 100): opening the link is the one click, so the token is
 * sent once as the page opens (a reminder is not worth a second step; turning it back on is in
 * the profile). Again or twice, the answer is the same.
 */
export function OptOutPanel({ token }: { token: string | null }) {
  const optOut = useOptOutByToken();
  const sent = useRef(false);
  const { mutate } = optOut;

  useEffect(() => {
    if (token === null || sent.current) return;
    sent.current = true;
    mutate(token);
  }, [token, mutate]);

  return (
    <div className="grid gap-4">
      <div aria-live="polite" aria-atomic="true" data-testid="reminder-opt-out">
        {token === null || optOut.isError ? (
          <Alert variant="destructive">
            <AlertDescription>{REMINDER_MSG.optOutInvalid}</AlertDescription>
          </Alert>
        ) : optOut.isSuccess ? (
          <Alert variant="success">
            <AlertDescription>{REMINDER_MSG.optOutDone}</AlertDescription>
          </Alert>
        ) : (
          <p className="text-sm text-muted-foreground">Turning reminders off...</p>
        )}
      </div>
      {optOut.isSuccess && (
        <p className="text-sm text-muted-foreground">
          Changed your mind? Turn reminders on again in your{" "}
          <Link to="/profile/firm" className={linkLook}>
            profile settings
          </Link>
          .
        </p>
      )}
    </div>
  );
}
