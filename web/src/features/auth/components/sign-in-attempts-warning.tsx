import { LOGIN_LOCKOUT_AT } from "@common/auth";
import { formatCount } from "@/lib/format";

/**
 * /login's warning after LOGIN_WARNING_AFTER failed attempts (spec 01 §2): how many failed, how
 * many remain before sign-in is disabled. Loaded with the first submit, not with the page (decision 077).
 */
export function SignInAttemptsWarning({ failures }: { failures: number }) {
  return (
    <p
      role="status"
      className="rounded-md border border-warning-border bg-warning-surface p-3 text-sm text-warning-text"
    >
      {formatCount(failures)} failed sign-in attempts.{" "}
      {formatCount(LOGIN_LOCKOUT_AT - failures, "attempt remains", "attempts remain")} before
      sign-in is disabled.
    </p>
  );
}
