import { VERIFICATION_CODE_LENGTH, AUTH_MSG } from "@common/auth";
import { TWO_FACTOR_MSG } from "@common/two-factor";
import { useState } from "react";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import type { Me } from "@/lib/me";
import { errorMessage } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { useSendTwoFactorCode } from "../api/send-two-factor-code";
import { useFocusOnReturn } from "@/lib/use-focus-on-return";
import { DisableTwoFactorForm } from "./disable-two-factor-form";
import { EnableTwoFactorForm } from "./enable-two-factor-form";
import { ProfileCard } from "@/components/profile-card";

type Step = "idle" | "enter-code" | "confirm-off";
const FEATURE = " sign-in codes by e-mail"; // completes the buttons' names for screen readers

/**
 * "Sign-in codes by e-mail": on after a code sent to the user is confirmed; off with the password.
 * While an authenticator app is set up (`isFallback`), it is that app's fallback and stays on (decision 052).
 */
export function TwoFactorCard({ me, isFallback = false }: { me: Me; isFallback?: boolean }) {
  const [step, setStep] = useState<Step>("idle");
  const [sendError, setSendError] = useState<string>();
  const { ref: toggleRef, returnFocus } = useFocusOnReturn();
  const send = useSendTwoFactorCode();
  const backToIdle = () => {
    returnFocus();
    setStep("idle");
  };
  const sendCode = () => {
    setSendError(undefined);
    send.mutate(undefined, {
      onSuccess: () => {
        toast.success(AUTH_MSG.twoFactorCodeSent);
        setStep("enter-code");
      },
      onError: (err) => setSendError(errorMessage(err, AUTH_MSG.twoFactorSendFailed)),
    });
  };
  const isOn = me.twoFactorEnabled;
  const description = isFallback
    ? TWO_FACTOR_MSG.emailFallbackOn
    : isOn
      ? `Each time you sign in, we also e-mail you a ${VERIFICATION_CODE_LENGTH}-digit code to enter after your password.`
      : `Add a second step to signing in: after your password, enter a ${VERIFICATION_CODE_LENGTH}-digit code that we e-mail to you.`;
  return (
    <ProfileCard
      Heading="h3"
      title="Sign-in codes by e-mail"
      description={description}
      aside={isOn ? <Badge variant="success">On</Badge> : <Badge>Off</Badge>}
    >
      {sendError && (
        <Alert variant="destructive" className="mb-4">
          <AlertDescription>{sendError}</AlertDescription>
        </Alert>
      )}
      {step === "enter-code" && !isOn ? (
        <EnableTwoFactorForm
          email={me.email}
          isResending={send.isPending}
          onResend={sendCode}
          onCancel={backToIdle}
          onEnabled={backToIdle}
        />
      ) : step === "confirm-off" && isOn ? (
        <DisableTwoFactorForm email={me.email} onCancel={backToIdle} onDisabled={backToIdle} />
      ) : isFallback ? null : isOn ? (
        <Button
          ref={toggleRef}
          type="button"
          variant="outline"
          onClick={() => setStep("confirm-off")}
        >
          Turn off<span className="sr-only">{FEATURE}</span>
        </Button>
      ) : (
        <Button ref={toggleRef} type="button" onClick={sendCode} disabled={send.isPending}>
          {send.isPending ? "Sending code..." : "Turn on"}
          <span className="sr-only">{FEATURE}</span>
        </Button>
      )}
    </ProfileCard>
  );
}
