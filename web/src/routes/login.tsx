import { LOGIN_LOCKOUT_AT, LOGIN_WARNING_AFTER, AUTH_MSG } from "@common/auth";
import { PASSKEY_SIGN_IN_MSG } from "@common/passkeys";
import { SESSIONS_MSG } from "@common/sessions";

import { lazy, Suspense, useId, useState, type FormEvent } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { buttonLook, inputLook, labelLook, linkLook } from "@/components/looks";
import { ApiError, errorMessage } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { getMe } from "@/lib/me";
import {
  hasSessionEnded,
  readEmail,
  readFrom,
  useEnterApp,
  type AuthNavState,
} from "@/features/auth/after-sign-in";
import { AuthLayout } from "@/features/auth/components/auth-layout";
import { InsecureConnectionBanner } from "@/features/auth/components/insecure-connection-banner";

/*
 * What a person has not asked for yet loads when they do (decision 077): the sign-in's code (the
 * password's derivation) once a field is focused, and at the latest on submit; what a failed
 * sign-in shows, with that submit.
 */
const loadSignIn = () => import("@/features/auth/api/sign-in");
const loadAttemptsWarning = () => import("@/features/auth/components/sign-in-attempts-warning");
const loadResendPanel = () => import("@/features/auth/components/resend-confirmation-panel");
const SignInAttemptsWarning = lazy(() =>
  loadAttemptsWarning().then((m) => ({ default: m.SignInAttemptsWarning })),
);
const ResendConfirmationPanel = lazy(() =>
  loadResendPanel().then((m) => ({ default: m.ResendConfirmationPanel })),
);
/** Starts loading `load`'s module; a failure (offline) shows when the module is needed. */
const warm = (load: () => Promise<unknown>) => void load().catch(() => undefined);

/**
 * /login (spec 01 §2, §4, §5). Plain elements and the fetchers, no form library or radix:
 * this is a first-visit page with a JavaScript budget (decisions 004, 077).
 */
export default function Login() {
  const location = useLocation();
  const navigate = useNavigate();
  const enterApp = useEnterApp();
  const from = readFrom(location.state);
  const id = useId();
  const [email, setEmail] = useState(() => readEmail(location.state) ?? "");
  const [password, setPassword] = useState("");
  const [failures, setFailures] = useState(0);
  const [error, setError] = useState<string>();
  const [isUnconfirmed, setIsUnconfirmed] = useState(false);
  const [isBusy, setIsBusy] = useState(false);
  const [isPasskeyBusy, setIsPasskeyBusy] = useState(false);
  const isLocked = failures >= LOGIN_LOCKOUT_AT;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isLocked || isBusy) return;
    setIsUnconfirmed(false);
    const address = email.trim();
    if (!address || !password) {
      setError(AUTH_MSG.loginMissingFields);
      return;
    }
    setError(undefined);
    setIsBusy(true);
    warm(loadAttemptsWarning);
    warm(loadResendPanel);
    try {
      const { signIn } = await loadSignIn();
      const result = await signIn({ email: address, password });
      if (result.twoFactorRedirect) {
        const factor = result.twoFactorMethods?.includes("totp") ? "app" : "email";
        navigate("/mfa", { state: { email: address, from, factor } satisfies AuthNavState });
        return;
      }
      const me = await getMe();
      if (!me) throw new ApiError(401, "NO_SESSION", AUTH_MSG.noSession);
      await enterApp(me, from);
    } catch (err) {
      const message = errorMessage(err, "");
      setFailures((n) => n + 1);
      if (message.includes(AUTH_MSG.emailNotConfirmed)) setIsUnconfirmed(true);
      else setError(message || AUTH_MSG.loginFailedGeneric);
      toast.error(message || AUTH_MSG.loginFailedToast, { id: "sign-in-failure" });
    } finally {
      setIsBusy(false);
    }
  };

  // "Sign in with a passkey" (decision 056): WebAuthn's code loads on click only (the budget). The
  // vault stays locked after it: the signed-in frame asks for the password.
  const onPasskey = async () => {
    if (isBusy || isPasskeyBusy) return;
    setError(undefined);
    setIsUnconfirmed(false);
    setIsPasskeyBusy(true);
    try {
      const { signInWithPasskey } = await import("@/features/passkeys/api/sign-in-with-passkey");
      await signInWithPasskey();
      const me = await getMe();
      if (!me) throw new ApiError(401, "NO_SESSION", AUTH_MSG.noSession);
      await enterApp(me, from);
    } catch (err) {
      setError(errorMessage(err, PASSKEY_SIGN_IN_MSG.failed));
    } finally {
      setIsPasskeyBusy(false);
    }
  };

  const errorId = `${id}-error`;
  const describedBy = error && !isLocked ? errorId : undefined;
  return (
    <AuthLayout
      title="Sign In"
      description="Welcome back. Sign in to your secure vault."
      banner={<InsecureConnectionBanner />}
    >
      <form onSubmit={onSubmit} onFocus={() => warm(loadSignIn)} noValidate className="grid gap-4">
        {hasSessionEnded(location.state) && (
          <p
            role="status"
            className="rounded-md border border-amber-400 bg-amber-50 p-3 text-sm text-amber-900"
          >
            {SESSIONS_MSG.sessionEnded}
          </p>
        )}
        <div className="grid gap-2">
          <label htmlFor={`${id}-email`} className={labelLook}>
            Email
          </label>
          <input
            id={`${id}-email`}
            type="email"
            autoComplete="username"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            aria-describedby={describedBy}
            className={inputLook}
          />
        </div>
        <div className="grid gap-2">
          <label htmlFor={`${id}-password`} className={labelLook}>
            Password
          </label>
          <input
            id={`${id}-password`}
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            aria-describedby={describedBy}
            className={inputLook}
          />
          <Link to="/reset-password" className={`${linkLook} justify-self-end text-sm`}>
            Forgot password?
          </Link>
        </div>
        {isLocked ? (
          <p
            role="alert"
            className="rounded-md border border-danger-border bg-danger-surface p-3 text-sm text-danger-text"
          >
            {AUTH_MSG.loginTooMany}
          </p>
        ) : (
          <>
            {error && (
              <p
                key={failures}
                id={errorId}
                role="alert"
                className="rounded-md border border-danger-border bg-danger-surface p-3 text-sm text-danger-text"
              >
                {error}
              </p>
            )}
            {failures >= LOGIN_WARNING_AFTER && (
              <Suspense fallback={null}>
                <SignInAttemptsWarning failures={failures} />
              </Suspense>
            )}
          </>
        )}
        {isUnconfirmed && (
          <Suspense fallback={null}>
            <ResendConfirmationPanel email={email} />
          </Suspense>
        )}
        <button
          type="submit"
          disabled={isLocked || isBusy}
          className={`${buttonLook.primary} w-full`}
        >
          {isBusy ? "Signing in..." : "Sign In"}
        </button>
        <button
          type="button"
          onClick={() => void onPasskey()}
          disabled={isBusy || isPasskeyBusy}
          className={`${buttonLook.outline} w-full`}
        >
          {isPasskeyBusy ? PASSKEY_SIGN_IN_MSG.busy : PASSKEY_SIGN_IN_MSG.button}
        </button>
      </form>
      <p className="mt-6 text-center text-sm text-muted-foreground">
        Don't have an account?{" "}
        <Link to="/register" className={linkLook}>
          Sign up
        </Link>
      </p>
      <div className="mt-6 border-t border-border pt-6 text-center">
        <p className="mb-3 text-sm text-muted-foreground">Are you a law firm?</p>
        <Link to="/firm-register" className={`${buttonLook.outline} w-full`}>
          Register your firm
        </Link>
      </div>
    </AuthLayout>
  );
}
