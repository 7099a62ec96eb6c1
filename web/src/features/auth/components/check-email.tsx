import { Link } from "react-router";
import { buttonLook } from "@/components/looks";
import { ResendConfirmationButton } from "./resend-confirmation-button";

/** What /register shows once the account is created: the confirmation link must be clicked before sign-in. */
export function CheckEmail({ email }: { email: string }) {
  return (
    <div className="grid gap-4 text-sm">
      <p role="status">
        We sent a confirmation link to <strong className="wrap-anywhere">{email}</strong>. Click the
        link in that email to activate your account, then sign in.
      </p>
      <p className="text-muted-foreground">
        The link works once and expires in one hour. If you cannot find the email, check your spam
        folder.
      </p>
      <ResendConfirmationButton email={email} />
      <Link to="/login" className={`${buttonLook.primary} w-full`}>
        Go to Sign In
      </Link>
    </div>
  );
}
