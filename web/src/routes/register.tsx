import { AUTH_MSG } from "@common/auth";
import { lazy, Suspense, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { alertLook, linkLook } from "@/components/looks";
import { Loading } from "@/components/loading";
import { AuthLayout } from "@/features/auth/components/auth-layout";
import { RegisterForm } from "@/features/auth/components/register-form";
import { readInvitationLink, useInvitationCheck } from "@/features/auth/invitation-link";
import { toast } from "@/lib/toast";

// Not on the first paint (decision 058): an invitation link's panel, the steps after registering.
const InvitationPanel = lazy(() =>
  import("@/features/auth/components/invitation-panel").then((m) => ({
    default: m.InvitationPanel,
  })),
);
const RecoveryKit = lazy(() =>
  import("@/components/keys/recovery-kit").then((m) => ({ default: m.RecoveryKit })),
);
const CheckEmail = lazy(() =>
  import("@/features/auth/components/check-email").then((m) => ({ default: m.CheckEmail })),
);

/**
 * /register (spec 01 §2): account creation, optionally tied to a firm by code or an invitation
 * link; then the recovery kit, shown once (decision 038: the key lives in this state only), then
 * "check your e-mail". The success toast comes with that last step, never over the kit's buttons
 * (issue 16, point 10: on a phone toasts show at the top, where the kit's buttons may be). Plain
 * elements and looks where a primitive would cost a chunk: a first page with a JavaScript budget
 * (decision 077).
 */
export default function Register() {
  const [params] = useSearchParams();
  const link = readInvitationLink(params);
  const invitation = useInvitationCheck(link);
  const [registered, setRegistered] = useState<{ email: string; recoveryKey: string }>();
  const [hasSavedKit, setHasSavedKit] = useState(false);

  if (registered && !hasSavedKit) {
    return (
      <AuthLayout
        title="Save your recovery kit"
        description="Your account is created. Before you confirm your email address, save this kit."
      >
        <Suspense fallback={<Loading variant="detail" />}>
          <RecoveryKit
            recoveryKey={registered.recoveryKey}
            email={registered.email}
            onSaved={() => {
              setHasSavedKit(true);
              toast.success(AUTH_MSG.registerSuccess);
            }}
          />
        </Suspense>
      </AuthLayout>
    );
  }
  if (registered) {
    return (
      <AuthLayout title="Check your email">
        <Suspense fallback={<Loading variant="detail" />}>
          <CheckEmail email={registered.email} />
        </Suspense>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout
      title="Create Your Account"
      description="Start protecting what matters most in a few minutes."
    >
      {invitation && (
        <Suspense fallback={null}>
          <InvitationPanel check={invitation} />
        </Suspense>
      )}
      <div role="status" className={`${alertLook.info} mb-6`}>
        After registering you will receive an email with a confirmation link. You must confirm your
        email address before you can sign in.
      </div>
      <RegisterForm
        defaultEmail={link?.email ?? ""}
        isEmailLocked={invitation?.valid === true}
        defaultFirmCode={link ? undefined : (params.get("firmCode") ?? undefined)}
        invitationCode={invitation?.valid ? link?.code : undefined}
        invitedClientOf={
          invitation?.valid && invitation.role === "regular_user"
            ? (invitation.firmName ?? "your law firm")
            : undefined
        }
        onRegistered={setRegistered}
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
