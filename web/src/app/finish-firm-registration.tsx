import { FIRM_ONBOARDING_MSG } from "@common/firms";
import { KEYS_MSG } from "@common/keys";
import { useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { RecoveryKit } from "@/components/keys/recovery-kit";
import { VaultUnlockForm } from "@/components/keys/vault-unlock-form";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { useFirm } from "@/features/firms/api/get-firm";
import { FirmCodeBox } from "@/features/firms/components/firm-code-box";
import { ApiError, errorMessage } from "@/lib/api-client";
import { makeRecoveryKit } from "@/lib/keys/account-keys";
import { useUpdateRecoveryKey } from "@/lib/keys/api/update-recovery-key";
import { getExtractableDataKey, VaultLockedError } from "@/lib/keys/vault-unlock";
import { toast } from "@/lib/toast";

type Step = "idle" | "unlock" | "making" | "kit" | "firm" | "done";

/**
 * The new firm administrator's last step (decision 073), mounted in the signed-in frame for a
 * firm_admin: an account made at /firm-register has no recovery kit until its address is proven,
 * so its first sign-in makes one (asking for the password when the tab does not hold the data key,
 * as after the confirmation link) and shows it once, then shows the firm's code. Any account with
 * a kit sees nothing. Closing before the kit is made waits for the next visit; the profile's
 * "Recovery kit" card can make it too. Whether the kit is due comes with the signed-in user (GET
 * /api/me's `isFirmRegistrationPending`): the frame reads no key for it.
 */
export function FinishFirmRegistration({
  email,
  isFirmRegistrationPending,
}: {
  email: string;
  isFirmRegistrationPending: boolean;
}) {
  const update = useUpdateRecoveryKey();
  const navigate = useNavigate();
  const [step, setStep] = useState<Step>("idle");
  const [recoveryKey, setRecoveryKey] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const hasStarted = useRef(false);

  const makeKit = async () => {
    setFailure(undefined);
    setStep("making");
    try {
      const kit = await makeRecoveryKit(await getExtractableDataKey());
      await update.mutateAsync({ recoveryWrappedKey: kit.recoveryWrappedKey, isFirstKit: true });
      setRecoveryKey(kit.recoveryKey);
      setStep("kit");
    } catch (err) {
      if (err instanceof VaultLockedError) return setStep("unlock");
      if (err instanceof ApiError && err.message === KEYS_MSG.kitAlreadyMade) {
        toast.info(err.message); // another tab made it and showed it
        return setStep("done");
      }
      setFailure(errorMessage(err, FIRM_ONBOARDING_MSG.firstKitFailed));
      setStep("unlock");
    }
  };

  useEffect(() => {
    if (!isFirmRegistrationPending || hasStarted.current) return;
    hasStarted.current = true;
    void makeKit();
  });

  const isOpen = step === "unlock" || step === "making" || step === "kit" || step === "firm";
  return (
    <Dialog
      open={isOpen}
      // The key is shown only once: until "I have saved it", the dialog stays.
      onOpenChange={(open) => !open && step !== "kit" && setStep("done")}
    >
      <DialogContent className="max-w-lg">
        {step === "firm" ? (
          <FirmStep
            onDone={() => {
              setStep("done");
              void navigate("/dashboard");
            }}
          />
        ) : (
          <>
            <DialogHeader>
              <DialogTitle>{FIRM_ONBOARDING_MSG.firstKitTitle}</DialogTitle>
              <DialogDescription>{FIRM_ONBOARDING_MSG.firstKitText}</DialogDescription>
            </DialogHeader>
            {step === "kit" && recoveryKey ? (
              <RecoveryKit
                recoveryKey={recoveryKey}
                email={email}
                onSaved={() => {
                  setRecoveryKey(undefined);
                  setStep("firm");
                }}
              />
            ) : step === "making" ? (
              <Alert variant="info">Making your recovery kit…</Alert>
            ) : (
              <div className="grid gap-4 text-sm">
                <p>{FIRM_ONBOARDING_MSG.firstKitPassword}</p>
                {failure && <Alert variant="destructive">{failure}</Alert>}
                <VaultUnlockForm onUnlocked={() => void makeKit()} />
              </div>
            )}
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

/** "Registration Complete!" with the firm's code, now that it works. */
function FirmStep({ onDone }: { onDone: () => void }) {
  const firm = useFirm();
  return (
    <>
      <DialogHeader>
        <DialogTitle>{FIRM_ONBOARDING_MSG.registrationComplete}</DialogTitle>
        <DialogDescription className="wrap-anywhere">
          {firm.data ? FIRM_ONBOARDING_MSG.firmReady(firm.data.name) : "Loading your firm…"}
        </DialogDescription>
      </DialogHeader>
      {firm.data && <FirmCodeBox firmCode={firm.data.firmCode} />}
      {firm.isError && (
        <Alert variant="destructive">
          {errorMessage(firm.error, "Your firm could not be loaded.")}
        </Alert>
      )}
      <Button type="button" className="w-full" onClick={onDone}>
        Go to Dashboard
      </Button>
    </>
  );
}
