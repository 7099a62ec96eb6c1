import { TWO_FACTOR_MSG, type AuthenticatorSetupView } from "@common/two-factor";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "@/components/ui/card";
import { toast } from "@/lib/toast";
import { useFocusOnReturn } from "@/lib/use-focus-on-return";
import { useCreateAuthenticator } from "../api/create-authenticator";
import { useCreateRecoveryCodes } from "../api/create-recovery-codes";
import { useDeleteAuthenticator } from "../api/delete-authenticator";
import { useTwoFactor } from "../api/get-two-factor";
import { AuthenticatorSetup } from "./authenticator-setup";
import { PasswordStepForm } from "@/components/password-step-form";
import { RecoveryCodesList } from "./recovery-codes-list";

type Step =
  | { name: "idle" }
  | { name: "password-to-add" }
  | { name: "scan"; setup: AuthenticatorSetupView }
  | { name: "codes"; codes: string[] }
  | { name: "password-to-remove" }
  | { name: "password-to-renew" };

/**
 * "Authenticator app" on /profile (decision 052): add one (password, QR code and key, its first
 * code, then the ten recovery codes shown once), make new recovery codes, or remove it. The
 * e-mailed code stays the fallback.
 */
export function AuthenticatorCard({ email }: { email: string }) {
  const { data } = useTwoFactor();
  const [step, setStep] = useState<Step>({ name: "idle" });
  const { ref: actionRef, returnFocus } = useFocusOnReturn();
  const create = useCreateAuthenticator();
  const remove = useDeleteAuthenticator();
  const renew = useCreateRecoveryCodes();
  const backToIdle = () => {
    returnFocus();
    setStep({ name: "idle" });
  };
  const hasApp = data?.hasAuthenticator === true;
  return (
    <Card>
      <CardHeader>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 className="text-lg font-semibold">{TWO_FACTOR_MSG.authenticatorTitle}</h3>
          {data && (hasApp ? <Badge variant="success">On</Badge> : <Badge>Off</Badge>)}
        </div>
        <CardDescription>
          {hasApp
            ? TWO_FACTOR_MSG.authenticatorOnDescription
            : TWO_FACTOR_MSG.authenticatorOffDescription}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {step.name === "password-to-add" && (
          <PasswordStepForm
            hint={TWO_FACTOR_MSG.passwordHint}
            submitLabel="Continue"
            pendingLabel="Checking..."
            failedMessage={TWO_FACTOR_MSG.authenticatorFailed}
            onSubmit={async (password) =>
              setStep({ name: "scan", setup: await create.mutateAsync({ email, password }) })
            }
            onCancel={backToIdle}
          />
        )}
        {step.name === "scan" && (
          <AuthenticatorSetup
            uri={step.setup.uri}
            secret={step.setup.secret}
            onConfirmed={() => {
              toast.success(TWO_FACTOR_MSG.authenticatorOn);
              setStep({ name: "codes", codes: step.setup.recoveryCodes });
            }}
            onCancel={backToIdle}
          />
        )}
        {step.name === "codes" && (
          <RecoveryCodesList codes={step.codes} email={email} onSaved={backToIdle} />
        )}
        {step.name === "password-to-remove" && (
          <PasswordStepForm
            hint="Enter your password to remove the authenticator app and its recovery codes."
            submitLabel="Remove"
            pendingLabel="Removing..."
            isDestructive
            failedMessage={TWO_FACTOR_MSG.removeFailed}
            onSubmit={async (password) => {
              await remove.mutateAsync({ email, password });
              toast.success(TWO_FACTOR_MSG.authenticatorOff);
              backToIdle();
            }}
            onCancel={backToIdle}
          />
        )}
        {step.name === "password-to-renew" && (
          <div className="grid gap-4">
            <p className="text-sm">{TWO_FACTOR_MSG.recoveryRenewWarning}</p>
            <PasswordStepForm
              hint="Enter your password to make new recovery codes."
              submitLabel="Make new codes"
              pendingLabel="Making..."
              failedMessage={TWO_FACTOR_MSG.recoveryRenewFailed}
              onSubmit={async (password) => {
                const { recoveryCodes } = await renew.mutateAsync({ email, password });
                toast.success(TWO_FACTOR_MSG.recoveryRenewed);
                setStep({ name: "codes", codes: recoveryCodes });
              }}
              onCancel={backToIdle}
            />
          </div>
        )}
        {step.name === "idle" && hasApp && (
          <>
            <p className="text-sm" data-testid="recovery-codes-left">
              {TWO_FACTOR_MSG.recoveryLeft(data.recoveryCodesLeft ?? 0)}
            </p>
            <div className="flex flex-wrap gap-2">
              <Button
                ref={actionRef}
                type="button"
                variant="outline"
                onClick={() => setStep({ name: "password-to-renew" })}
              >
                Make new recovery codes
              </Button>
              <Button
                type="button"
                variant="outline"
                onClick={() => setStep({ name: "password-to-remove" })}
              >
                Remove<span className="sr-only"> the authenticator app</span>
              </Button>
            </div>
          </>
        )}
        {step.name === "idle" && data && !hasApp && (
          <Button
            ref={actionRef}
            type="button"
            className="w-fit"
            onClick={() => setStep({ name: "password-to-add" })}
          >
            Set up<span className="sr-only"> an authenticator app</span>
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
