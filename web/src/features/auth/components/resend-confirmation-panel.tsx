import { AUTH_MSG } from "@common/auth";
import { ResendConfirmationButton } from "./resend-confirmation-button";

/** Shown by /login when sign-in answers 'Email not confirmed' (spec 01 §2 /login). */
export function ResendConfirmationPanel({ email }: { email: string }) {
  return (
    <div
      role="alert"
      className="rounded-lg border border-warning-border bg-warning-surface p-4 text-sm text-warning-text"
    >
      <p className="font-semibold">{AUTH_MSG.emailNotConfirmed}</p>
      <p className="mt-1">
        Please confirm your email address with the link we sent you, then sign in.
      </p>
      <ResendConfirmationButton email={email} className="mt-3" />
    </div>
  );
}
