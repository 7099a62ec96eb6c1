import { VERIFICATION_CODE_LENGTH, AUTH_MSG } from "@common/auth";
import { APP_MSG } from "@common/app";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { linkLook } from "@/components/looks";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { VerificationCodeField } from "@/components/verification-code-field";
import { errorMessage } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { useResendSignInCode } from "@/features/auth/api/resend-sign-in-code";
import { useVerifyOtp } from "@/features/auth/api/verify-otp";
import { readEmail, readFrom, useEnterApp } from "@/features/auth/after-sign-in";
import { AuthLayout } from "@/features/auth/components/auth-layout";
import { maskEmail } from "@/features/auth/mask-email";
import { mfaErrorMessage } from "@/features/auth/mfa-error";

/** /mfa (spec 01 §2): the e-mailed code after the password step. /login passes {email, from} in the location state. */
export default function Mfa() {
  const location = useLocation();
  const navigate = useNavigate();
  const email = readEmail(location.state);
  useEffect(() => {
    if (email) return;
    toast.error(AUTH_MSG.mfaMissingEmail, { id: "mfa-missing-email" });
    navigate("/login", { replace: true });
  }, [email, navigate]);
  if (!email) return null;
  return <CodeForm email={email} from={readFrom(location.state)} />;
}

function CodeForm({ email, from }: { email: string; from: string | undefined }) {
  const verify = useVerifyOtp();
  const resend = useResendSignInCode();
  const enterApp = useEnterApp();
  const [code, setCode] = useState("");
  const [error, setError] = useState<string>();
  const [failures, setFailures] = useState(0);
  const [notice, setNotice] = useState<string>();
  const inputRef = useRef<HTMLInputElement>(null);
  const isComplete = code.length === VERIFICATION_CODE_LENGTH;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!isComplete) {
      setError(AUTH_MSG.mfaCodeShort);
      return;
    }
    setError(undefined);
    setNotice(undefined);
    try {
      enterApp(await verify.mutateAsync(code), from);
    } catch (err) {
      setError(mfaErrorMessage(err));
      setFailures((n) => n + 1);
      inputRef.current?.focus();
    }
  };

  // Resend asks the server for a new code and says what happened: sent, or why not (too many, sign-in expired).
  const onResend = async () => {
    setError(undefined);
    setNotice(undefined);
    try {
      await resend.mutateAsync();
      setNotice(AUTH_MSG.mfaResent);
    } catch (err) {
      setError(errorMessage(err, APP_MSG.unexpected));
      setFailures((n) => n + 1);
    }
  };

  return (
    <AuthLayout
      title="Two-Factor Authentication"
      description="Enter the verification code sent to your email"
    >
      <form onSubmit={onSubmit} noValidate className="grid gap-5">
        <VerificationCodeField
          hint={`We sent a ${VERIFICATION_CODE_LENGTH}-digit code to ${maskEmail(email)}.`}
          value={code}
          onChange={setCode}
          inputRef={inputRef}
        />
        {error && (
          <Alert key={failures} variant="destructive">
            {error}
          </Alert>
        )}
        {notice && <Alert variant="info">{notice}</Alert>}
        <Button type="submit" disabled={!isComplete || verify.isPending} className="w-full">
          {verify.isPending ? "Verifying..." : "Verify Code"}
        </Button>
        <p className="text-center text-sm text-muted-foreground">
          Didn't receive a code?{" "}
          <button
            type="button"
            onClick={() => void onResend()}
            disabled={resend.isPending}
            className={linkLook}
          >
            {resend.isPending ? "Sending..." : "Resend"}
          </button>
        </p>
      </form>
      <p className="mt-6 border-t border-border pt-6 text-center text-sm">
        <Link to="/login" className={linkLook}>
          Back to Sign In
        </Link>
      </p>
    </AuthLayout>
  );
}
