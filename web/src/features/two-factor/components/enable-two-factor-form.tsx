import { VERIFICATION_CODE_LENGTH, VERIFICATION_CODE_TTL_MINUTES, AUTH_MSG } from "@common/auth";

import { useState, type FormEvent } from "react";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { VerificationCodeField } from "@/components/verification-code-field";
import { ApiError, errorMessage } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { useEnableTwoFactor } from "../api/enable-two-factor";

/** The server's sign-in wording ("sign in again") does not fit here: a new code is what helps. */
const NEEDS_NEW_CODE = new Set(["OTP_HAS_EXPIRED", "TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE"]);

type Props = {
  email: string;
  isResending: boolean;
  onResend: () => void;
  onCancel: () => void;
  onEnabled: () => void;
};

/** Step two of turning sign-in codes on: the six-digit code from the e-mail. */
export function EnableTwoFactorForm({ email, isResending, onResend, onCancel, onEnabled }: Props) {
  const [code, setCode] = useState("");
  const [error, setError] = useState<string>();
  const enable = useEnableTwoFactor();
  const isComplete = code.length === VERIFICATION_CODE_LENGTH;
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!isComplete) return setError(AUTH_MSG.mfaCodeShort);
    setError(undefined);
    enable.mutate(
      { code },
      {
        onSuccess: () => {
          toast.success(AUTH_MSG.twoFactorOn);
          onEnabled();
        },
        onError: (err) => {
          const authCode = err instanceof ApiError ? err.authCode : undefined;
          setError(
            authCode && NEEDS_NEW_CODE.has(authCode)
              ? AUTH_MSG.twoFactorCodeExpired
              : errorMessage(err, AUTH_MSG.mfaFailed),
          );
          setCode("");
        },
      },
    );
  };
  const hint = (
    <>
      We sent a {VERIFICATION_CODE_LENGTH}-digit code to{" "}
      <span className="font-medium wrap-anywhere">{email}</span>. It expires in{" "}
      {VERIFICATION_CODE_TTL_MINUTES} minutes.
    </>
  );
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <VerificationCodeField hint={hint} value={code} onChange={setCode} />
      {error && (
        <Alert variant="destructive">
          <AlertDescription>{error}</AlertDescription>
        </Alert>
      )}
      <div className="flex flex-wrap items-center gap-2">
        <Button type="submit" disabled={!isComplete || enable.isPending}>
          {enable.isPending ? "Verifying..." : "Verify code"}
        </Button>
        <Button type="button" variant="outline" onClick={onCancel} disabled={enable.isPending}>
          Cancel
        </Button>
        <Button
          type="button"
          variant="link"
          onClick={onResend}
          disabled={isResending || enable.isPending}
        >
          {isResending ? "Sending..." : "Send a new code"}
        </Button>
      </div>
    </form>
  );
}
