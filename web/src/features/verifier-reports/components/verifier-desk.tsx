import { AUTH_MSG, VERIFICATION_CODE_LENGTH } from "@common/auth";
import { REPORT_MSG } from "@common/verifier-reports";
import { useRef, useState, type FormEvent } from "react";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { VerificationCodeField } from "@/components/verification-code-field";
import { errorMessage } from "@/lib/api-client";
import { useRequestReportCode } from "../api/request-report-code";
import { useSignInVerifier } from "../api/sign-in-verifier";
import { VerifierRoles } from "./verifier-roles";

const SEND_FAILED = "The code could not be sent. Please try again.";

/**
 * /verifier/report for a person without an account (docs/decisions/082), one step per screen:
 * their address; the e-mailed code (the page says the same whether or not the address is a
 * verifier's); then the people they are a verifier for. The session lives in memory only.
 */
export function VerifierDesk() {
  const [email, setEmail] = useState("");
  const [code, setCode] = useState("");
  const [isCodeStep, setIsCodeStep] = useState(false);
  const [session, setSession] = useState<string | null>(null);
  const [error, setError] = useState<string>();
  const send = useRequestReportCode();
  const signIn = useSignInVerifier();
  const codeRef = useRef<HTMLInputElement>(null);

  if (session) return <VerifierRoles session={session} onEnded={() => setSession(null)} />;

  const sendCode = (e?: FormEvent) => {
    e?.preventDefault();
    setError(undefined);
    send.mutate(email.trim(), {
      onSuccess: () => {
        setCode("");
        setIsCodeStep(true);
      },
      onError: (err) => setError(errorMessage(err, SEND_FAILED)),
    });
  };
  const submitCode = (e: FormEvent) => {
    e.preventDefault();
    if (code.length !== VERIFICATION_CODE_LENGTH) {
      setError(AUTH_MSG.mfaCodeShort);
      codeRef.current?.focus();
      return;
    }
    setError(undefined);
    signIn.mutate(
      { email: email.trim(), code },
      {
        onSuccess: (r) => setSession(r.session),
        onError: (err) => setError(errorMessage(err, REPORT_MSG.codeInvalid)),
      },
    );
  };

  if (isCodeStep)
    return (
      <form onSubmit={submitCode} noValidate className="grid gap-5">
        <Alert variant="info">
          <AlertDescription>{REPORT_MSG.codeSent}</AlertDescription>
        </Alert>
        <VerificationCodeField
          hint={`Enter the ${VERIFICATION_CODE_LENGTH}-digit code from the e-mail.`}
          value={code}
          onChange={setCode}
          inputRef={codeRef}
        />
        {error && <Alert variant="destructive">{error}</Alert>}
        <Button type="submit" size="lg" disabled={signIn.isPending}>
          {signIn.isPending ? "Checking..." : "Continue"}
        </Button>
        <Button
          type="button"
          variant="outline"
          disabled={send.isPending}
          onClick={() => sendCode()}
        >
          {send.isPending ? "Sending a new code..." : "Send a new code"}
        </Button>
      </form>
    );

  return (
    <form onSubmit={sendCode} noValidate className="grid gap-5">
      <p>
        You are a verifier for someone: a person they trust to confirm that they have died or can no
        longer manage their affairs. Enter the e-mail address they invited, and we will send a code
        to it.
      </p>
      <FormField label="Your e-mail address">
        <Input
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          required
        />
      </FormField>
      {error && <Alert variant="destructive">{error}</Alert>}
      <Button type="submit" size="lg" disabled={send.isPending || !email.trim()}>
        {send.isPending ? "Sending..." : "Send me a code"}
      </Button>
    </form>
  );
}
