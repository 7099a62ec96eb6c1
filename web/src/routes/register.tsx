import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { linkLook } from "@/components/looks";
import { Alert } from "@/components/ui/alert";
import { AuthLayout } from "@/features/auth/components/auth-layout";
import { CheckEmail } from "@/features/auth/components/check-email";
import { InvitationPanel } from "@/features/auth/components/invitation-panel";
import { RegisterForm } from "@/features/auth/components/register-form";
import { readInvitationLink, useInvitationCheck } from "@/features/auth/invitation-link";

/** /register (spec 01 §2): account creation, optionally tied to a firm by code or an invitation link. */
export default function Register() {
  const [params] = useSearchParams();
  const link = readInvitationLink(params);
  const invitation = useInvitationCheck(link);
  const [registeredEmail, setRegisteredEmail] = useState<string>();

  if (registeredEmail) {
    return (
      <AuthLayout title="Check your email">
        <CheckEmail email={registeredEmail} />
      </AuthLayout>
    );
  }
  return (
    <AuthLayout
      title="Create Your Account"
      description="Start protecting what matters most in a few minutes."
    >
      <InvitationPanel check={invitation} />
      <Alert variant="info" className="mb-6">
        After registering you will receive an email with a confirmation link. You must confirm your
        email address before you can sign in.
      </Alert>
      <RegisterForm
        defaultEmail={link?.email ?? ""}
        isEmailLocked={invitation?.valid === true}
        invitationCode={invitation?.valid ? link?.code : undefined}
        onRegistered={setRegisteredEmail}
      />
      <p className="mt-6 text-center text-sm text-muted-foreground">
        Already have an account?{" "}
        <Link to="/login" className={linkLook}>
          Sign in
        </Link>
      </p>
      <p className="mt-2 text-center text-sm text-muted-foreground">
        Are you a law firm?{" "}
        <Link to="/firm-register" className={linkLook}>
          Register your firm
        </Link>
      </p>
    </AuthLayout>
  );
}
