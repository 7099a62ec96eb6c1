import { VERIFICATION_CODE_LENGTH, AUTH_MSG } from "@common/auth";
import { VERIFIER_MSG, type VerifierInvitationView } from "@common/verifiers";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { linkLook } from "@/components/looks";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { VerificationCodeField } from "@/components/verification-code-field";
import { errorMessage } from "@/lib/api-client";
import { useAnswerInvitation } from "../api/answer-invitation";
import { useSendVerifierCode } from "../api/send-code";

type Step = "intro" | "code" | { done: "accept" | "decline" };
const SEND_FAILED = "The code could not be sent. Please try again.";

/**
 * The invitation, one action per screen: what the role is and "Send me a code"; then the e-mailed
 * code with "Accept" (or "Decline"); then what happened. No account, no key, nothing of the
 * owner's vault.
 */
export function InvitationAnswer({
  token,
  invitation,
}: {
  token: string;
  invitation: VerifierInvitationView;
}) {
  const [step, setStep] = useState<Step>("intro");
  const send = useSendVerifierCode();
  const answer = useAnswerInvitation();
  const [code, setCode] = useState("");
  const [error, setError] = useState<string>();
  const [sends, setSends] = useState(0);
  const inputRef = useRef<HTMLInputElement>(null);
  const resultRef = useRef<HTMLDivElement>(null);
  const owner = invitation.ownerName;

  useEffect(() => {
    if (typeof step === "object") resultRef.current?.focus();
  }, [step]);

  const sendCode = () => {
    setError(undefined);
    send.mutate(token, {
      onSuccess: () => {
        setCode("");
        setSends((n) => n + 1);
        setStep("code");
        inputRef.current?.focus();
      },
      onError: (err) => setError(errorMessage(err, SEND_FAILED)),
    });
  };

  const submit = (choice: "accept" | "decline") => async (event?: FormEvent) => {
    event?.preventDefault();
    if (code.length !== VERIFICATION_CODE_LENGTH) {
      setError(AUTH_MSG.mfaCodeShort);
      inputRef.current?.focus();
      return;
    }
    setError(undefined);
    try {
      await answer.mutateAsync({ token, code, answer: choice });
      setStep({ done: choice });
    } catch (err) {
      setError(errorMessage(err, VERIFIER_MSG.codeInvalid));
      inputRef.current?.focus();
    }
  };

  if (typeof step === "object")
    return (
      <div
        ref={resultRef}
        tabIndex={-1}
        className="focus:outline-none"
        data-testid="verifier-result"
      >
        <Alert variant="success">
          <AlertDescription>
            {step.done === "accept" ? VERIFIER_MSG.accepted : VERIFIER_MSG.declined}
          </AlertDescription>
        </Alert>
        {step.done === "accept" && (
          <p className="mt-4 text-sm">
            There is nothing else to do now. Once a year we will e-mail you to check that we can
            still reach you. You will never see what {owner} keeps in Legacy Vault.
          </p>
        )}
      </div>
    );

  if (step === "intro")
    return (
      <div className="grid gap-4">
        <p>
          {owner} has named you, {invitation.verifierName}, as one of the people they trust to
          confirm, one day, that they have died or can no longer manage their affairs.
        </p>
        <ul className="list-disc space-y-1 pl-5 text-sm">
          <li>You do not need an account.</li>
          <li>You will never see what {owner} keeps here, and you never receive a key.</li>
          <li>Once a year we e-mail you to check that we can still reach you.</li>
        </ul>
        <p className="text-sm">
          To answer, we first send a code to{" "}
          <span className="font-medium">{invitation.emailHint}</span>.
        </p>
        {error && <Alert variant="destructive">{error}</Alert>}
        <Button type="button" size="lg" disabled={send.isPending} onClick={sendCode}>
          {send.isPending ? "Sending..." : "Send me a code"}
        </Button>
      </div>
    );

  return (
    <form onSubmit={(e) => void submit("accept")(e)} noValidate className="grid gap-5">
      <Alert key={`sent-${sends}`} variant="info">
        <AlertDescription>
          {VERIFIER_MSG.codeSent} Sent to {invitation.emailHint}.
        </AlertDescription>
      </Alert>
      <VerificationCodeField
        hint={`Enter the ${VERIFICATION_CODE_LENGTH}-digit code from the e-mail.`}
        value={code}
        onChange={setCode}
        inputRef={inputRef}
      />
      {error && <Alert variant="destructive">{error}</Alert>}
      <Button type="submit" size="lg" disabled={answer.isPending}>
        {answer.isPending ? "Saving..." : `Accept: I will be a verifier for ${owner}`}
      </Button>
      <div className="flex flex-wrap justify-center gap-x-4 gap-y-2 text-sm">
        <button
          type="button"
          className={`${linkLook} disabled:opacity-60`}
          disabled={answer.isPending}
          onClick={() => void submit("decline")()}
        >
          Decline
        </button>
        <button
          type="button"
          className={`${linkLook} disabled:opacity-60`}
          disabled={send.isPending}
          onClick={sendCode}
        >
          {send.isPending ? "Sending a new code..." : "Send a new code"}
        </button>
      </div>
    </form>
  );
}
