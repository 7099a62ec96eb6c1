import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { toast } from "@/lib/toast";
import { meQueryKey } from "@/lib/me";
import { useVerifyEmail } from "@/features/auth/api/verify-email";
import { resolveCallback } from "@/features/auth/resolve-callback";

/** /auth/callback: the landing of the e-mailed confirmation link (spec 01 §2). */
export default function AuthCallback() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { mutateAsync: confirmEmail } = useVerifyEmail();
  const hasStarted = useRef(false);
  const code = params.get("code");
  const type = params.get("type");

  useEffect(() => {
    // A confirmation code works once: StrictMode's second effect run must not spend it again.
    if (hasStarted.current) return;
    hasStarted.current = true;
    void resolveCallback(code, type, confirmEmail).then((outcome) => {
      if (outcome.me !== undefined) queryClient.setQueryData(meQueryKey, outcome.me);
      if (outcome.success) toast.success(outcome.success);
      if (outcome.error) toast.error(outcome.error);
      navigate(outcome.to, { replace: true });
    });
  }, [code, type, confirmEmail, navigate, queryClient]);

  return (
    <main id="main" className="flex min-h-screen items-center justify-center bg-muted p-6">
      <div role="status" className="flex max-w-sm flex-col items-center gap-4 text-center">
        <span
          aria-hidden="true"
          className="size-10 animate-spin rounded-full border-4 border-brand/20 border-t-brand"
        />
        <h1 className="text-xl font-semibold text-foreground">Completing authentication...</h1>
        <p className="text-muted-foreground">Please wait while we process your request.</p>
      </div>
    </main>
  );
}
