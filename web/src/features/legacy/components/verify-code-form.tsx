import { VERIFICATION_CODE_LENGTH, AUTH_MSG } from "@common/auth";

import { LEGACY_MSG } from "@common/legacy";
import { useRef, useState, type FormEvent } from "react";
import { linkLook } from "@/components/looks";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { VerificationCodeField } from "@/components/verification-code-field";
import { errorMessage } from "@/lib/api-client";
import { useRequestLegacyCode } from "../api/request-code";
import { useVerifyLegacyCode } from "../api/verify-code";

/** Step 2 of /legacy: the six-slot code entry of /mfa; "Send a new code" mails another. Success opens the portal session. */
export function VerifyCodeForm({
  email,
  onChangeEmail,
}: {
  email: string;
  onChangeEmail: () => void;
}) {
  const verify = useVerifyLegacyCode();
  const resend = useRequestLegacyCode();
  const [code, setCode] = useState("");
  const [error, setError] = useState<string>();
  const [failures, setFailures] = useState(0);
  // Each code sent remounts the notice, so screen readers announce it again.
  const [sends, setSends] = useState(1);
  const inputRef = useRef<HTMLInputElement>(null);
  const isComplete = code.length === VERIFICATION_CODE_LENGTH;

  const fail = (message: string) => {
    setError(message);
    setFailures((n) => n + 1);
    inputRef.current?.focus();
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!isComplete) return fail(AUTH_MSG.mfaCodeShort);
    setError(undefined);
    try {
      await verify.mutateAsync({ email, code });
    } catch (err) {
      fail(errorMessage(err, LEGACY_MSG.codeInvalid));
    }
  };

  const onResend = () => {
    setError(undefined);
    resend.mutate(
      { email },
      {
        onSuccess: () => {
          setCode("");
          setSends((n) => n + 1);
          inputRef.current?.focus();
        },
        onError: (err) => fail(errorMessage(err, LEGACY_MSG.codeSendFailed)),
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5">
      <Alert key={`sent-${sends}`} variant="info">
        <AlertDescription>
          <p>{LEGACY_MSG.codeSent}</p>
          <p className="mt-2">
            Sent to: <span className="font-medium wrap-anywhere">{email}</span>
          </p>
        </AlertDescription>
      </Alert>
      <VerificationCodeField
        hint={`Enter the ${VERIFICATION_CODE_LENGTH}-digit code from the e-mail.`}
        value={code}
        onChange={setCode}
        inputRef={inputRef}
      />
      {error && (
        <Alert key={`error-${failures}`} variant="destructive">
          {error}
        </Alert>
      )}
      <Button type="submit" disabled={!isComplete || verify.isPending} className="w-full">
        {verify.isPending ? "Verifying..." : "Verify"}
      </Button>
      <div className="flex flex-wrap justify-center gap-x-4 gap-y-2 text-sm">
        <button
          type="button"
          onClick={onResend}
          disabled={resend.isPending}
          className={`${linkLook} disabled:opacity-60`}
        >
          {resend.isPending ? "Sending a new code..." : "Send a new code"}
        </button>
        <button type="button" onClick={onChangeEmail} className={linkLook}>
          Use another e-mail address
        </button>
      </div>
    </form>
  );
}
