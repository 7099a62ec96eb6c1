import { AUTH_MSG } from "@common/auth";
import { useCallback, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { InvalidResetLink } from "@/features/auth/components/invalid-reset-link";
import { AuthLayout } from "@/features/auth/components/auth-layout";
import { ResetPasswordFlow } from "@/features/auth/components/reset-password-flow";
import { toast } from "@/lib/toast";

/**
 * /update-password?token=...: the e-mailed link (decision 038: the recovery key, or a plain
 * warning without it, then the new password and any new recovery kit). A reset ends every
 * session, so on success the user goes to /login (the spec's /dashboard would only bounce there)
 * with the spec's toast.
 */
export default function UpdatePasswordScreen() {
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const [invalidMessage, setInvalidMessage] = useState<string | undefined>(
    token && !params.get("error") ? undefined : AUTH_MSG.linkInvalid,
  );
  const navigate = useNavigate();
  const onUpdated = useCallback(() => {
    toast.success(AUTH_MSG.passwordUpdated, { description: AUTH_MSG.passwordUpdatedSignIn });
    navigate("/login", { replace: true });
  }, [navigate]);
  return (
    <AuthLayout
      title={invalidMessage ? "Reset link not valid" : "Choose a new password"}
      description={
        invalidMessage
          ? undefined
          : "Your new password replaces the old one and signs you out everywhere."
      }
    >
      {invalidMessage ? (
        <InvalidResetLink message={invalidMessage} />
      ) : (
        <ResetPasswordFlow token={token} onUpdated={onUpdated} onInvalidToken={setInvalidMessage} />
      )}
      <p className="mt-6 text-center text-sm">
        <Link to="/login" className="font-medium text-link underline underline-offset-4">
          Back to sign in
        </Link>
      </p>
    </AuthLayout>
  );
}
