import { VERIFICATION_CODE_LENGTH, AUTH_MSG } from "@common/auth";
import { APP_MSG } from "@common/app";
import { normalizeRecoveryCode, RECOVERY_CODE_GROUP, TWO_FACTOR_MSG } from "@common/two-factor";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { linkLook } from "@/components/looks";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { VerificationCodeField } from "@/components/verification-code-field";
import { ApiError, errorMessage } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { useResendSignInCode } from "@/features/auth/api/resend-sign-in-code";
import {
  useVerifySecondFactor,
  type SecondFactorKind,
} from "@/features/auth/api/verify-second-factor";
import { readEmail, readFactor, readFrom, useEnterApp } from "@/features/auth/after-sign-in";
import { AuthLayout } from "@/features/auth/components/auth-layout";
import { maskEmail } from "@/features/auth/mask-email";
import { mfaErrorMessage } from "@/features/auth/mfa-error";

/**
 * /mfa (spec 01 §2): the second step after the password. An account with only e-mailed codes sees
 * the spec's screen. With an authenticator app (decision 052) it asks for the app's code first and
 * offers a recovery code or a code by e-mail instead. /login passes {email, from, factor} in the
 * location state.
 */
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
  return (
    <CodeForm
      email={email}
      from={readFrom(location.state)}
      hasApp={readFactor(location.state) === "app"}
    />
  );
}

const RECOVERY_CODE_LENGTH = RECOVERY_CODE_GROUP * 2 + 1;

function errorFor(kind: SecondFactorKind, err: unknown): string {
  if (kind === "recovery" && err instanceof ApiError && err.authCode === "INVALID_BACKUP_CODE")
    return TWO_FACTOR_MSG.recoveryInvalid;
  return mfaErrorMessage(err);
}

function CodeForm({ email, from, hasApp }: { email: string; from?: string; hasApp: boolean }) {
  const verify = useVerifySecondFactor();
  const resend = useResendSignInCode();
  const enterApp = useEnterApp();
  const [kind, setKind] = useState<SecondFactorKind>(hasApp ? "app" : "email");
  const [code, setCode] = useState("");
  const [error, setError] = useState<string>();
  const [failures, setFailures] = useState(0);
  const [notice, setNotice] = useState<string>();
  const inputRef = useRef<HTMLInputElement>(null);
  const typed = kind === "recovery" ? normalizeRecoveryCode(code) : code;
  const isComplete =
    typed.length === (kind === "recovery" ? RECOVERY_CODE_LENGTH : VERIFICATION_CODE_LENGTH);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!isComplete) {
      setError(kind === "recovery" ? TWO_FACTOR_MSG.recoveryCodeShort : AUTH_MSG.mfaCodeShort);
      return;
    }
    setError(undefined);
    setNotice(undefined);
    try {
      await enterApp(await verify.mutateAsync({ kind, code: typed }), from);
    } catch (err) {
      setError(errorFor(kind, err));
      setFailures((n) => n + 1);
      inputRef.current?.focus();
    }
  };

  // Asks the server for a code by e-mail and says what happened: sent, or why not (too many, sign-in expired).
  const sendCode = async () => {
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

  const switchTo = (next: SecondFactorKind) => {
    setKind(next);
    setCode("");
    setError(undefined);
    setNotice(undefined);
    if (next === "email") void sendCode();
  };

  const description =
    kind === "app"
      ? TWO_FACTOR_MSG.appTitle
      : kind === "recovery"
        ? TWO_FACTOR_MSG.useRecovery
        : "Enter the verification code sent to your email";
  const others = (["app", "recovery", "email"] as const).filter((k) => hasApp && k !== kind);
  const otherLabel = {
    app: TWO_FACTOR_MSG.useApp,
    recovery: TWO_FACTOR_MSG.useRecovery,
    email: TWO_FACTOR_MSG.useEmail,
  };

  return (
    <AuthLayout title="Two-Factor Authentication" description={description}>
      <form onSubmit={onSubmit} noValidate className="grid gap-5">
        {kind === "recovery" ? (
          <FormField label="Recovery code" hint={TWO_FACTOR_MSG.recoveryHint}>
            <Input
              ref={inputRef}
              value={code}
              onChange={(e) => setCode(e.target.value)}
              autoFocus
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={40}
              className="font-mono tracking-wider"
            />
          </FormField>
        ) : (
          <VerificationCodeField
            key={kind}
            hint={
              kind === "app"
                ? TWO_FACTOR_MSG.appHint
                : `We sent a ${VERIFICATION_CODE_LENGTH}-digit code to ${maskEmail(email)}.`
            }
            value={code}
            onChange={setCode}
            inputRef={inputRef}
          />
        )}
        {error && (
          <Alert key={failures} variant="destructive">
            {error}
          </Alert>
        )}
        {notice && <Alert variant="info">{notice}</Alert>}
        <Button type="submit" disabled={!isComplete || verify.isPending} className="w-full">
          {verify.isPending ? "Verifying..." : "Verify Code"}
        </Button>
        {kind === "email" && (
          <p className="text-center text-sm text-muted-foreground">
            Didn't receive a code?{" "}
            <button
              type="button"
              onClick={() => void sendCode()}
              disabled={resend.isPending}
              className={linkLook}
            >
              {resend.isPending ? "Sending..." : "Resend"}
            </button>
          </p>
        )}
        {others.length > 0 && (
          <ul className="grid gap-2 text-center text-sm">
            {others.map((other) => (
              <li key={other}>
                <button
                  type="button"
                  onClick={() => switchTo(other)}
                  disabled={resend.isPending}
                  className={linkLook}
                >
                  {otherLabel[other]}
                </button>
              </li>
            ))}
          </ul>
        )}
      </form>
      <p className="mt-6 border-t border-border pt-6 text-center text-sm">
        <Link to="/login" className={linkLook}>
          Back to Sign In
        </Link>
      </p>
    </AuthLayout>
  );
}
