import { AUTH_MSG } from "@common/auth";
import { MailCheck } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { AuthLayout } from "@/features/auth/components/auth-layout";
import { RequestResetForm } from "@/features/auth/components/request-reset-form";

/** /reset-password: asks for the e-mail and sends the link. The confirmation never says whether the address has an account. */
export default function ResetPasswordScreen() {
  const [email, setEmail] = useState("");
  const [isSent, setIsSent] = useState(false);
  const onSent = (to: string) => {
    setEmail(to);
    setIsSent(true);
  };
  return (
    <AuthLayout
      title="Reset your password"
      description={
        isSent
          ? undefined
          : "Enter the e-mail address of your account and we will send you a link to choose a new password."
      }
    >
      {isSent ? (
        <div className="grid gap-4">
          <Alert variant="success">
            <MailCheck aria-hidden="true" className="size-4" />
            <AlertTitle>Check your email</AlertTitle>
            <AlertDescription>
              <p>{AUTH_MSG.resetCheckEmail}</p>
              <p className="mt-2">
                Sent to: <span className="font-medium wrap-anywhere">{email}</span>
              </p>
            </AlertDescription>
          </Alert>
          <Button type="button" variant="outline" onClick={() => setIsSent(false)}>
            Use another address or send again
          </Button>
        </div>
      ) : (
        <RequestResetForm defaultEmail={email} onSent={onSent} />
      )}
      <p className="mt-6 text-center text-sm">
        Remembered it?{" "}
        <Link to="/login" className="font-medium text-link underline underline-offset-4">
          Back to sign in
        </Link>
      </p>
    </AuthLayout>
  );
}
