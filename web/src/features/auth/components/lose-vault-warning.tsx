import { KEYS_MSG } from "@common/keys";
import { useId, useState } from "react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";

/**
 * Shown before anything changes when the owner has no recovery key (decision 038): what is lost
 * and what stays, a box to tick, then "Continue without my recovery key" (a new data key and a
 * new recovery kit are made with the new password) or back to the key.
 */
export function LoseVaultWarning({
  onConfirm,
  onBack,
}: {
  onConfirm: () => void;
  onBack: () => void;
}) {
  const [isUnderstood, setIsUnderstood] = useState(false);
  const [error, setError] = useState<string>();
  const checkboxId = useId();
  const errorId = useId();
  const confirm = () => {
    if (!isUnderstood) return setError(KEYS_MSG.loseVaultConfirmNeeded);
    onConfirm();
  };
  return (
    <div className="grid gap-4">
      <Alert variant="warning">
        <AlertTitle className="leading-snug">
          What you stored cannot be read without your recovery key
        </AlertTitle>
        <AlertDescription className="grid gap-2">
          <p>{KEYS_MSG.loseVaultWarning}</p>
          <p>
            Nobody at Legacy Vault can open your vault for you. If you find your recovery kit, go
            back and enter the key instead.
          </p>
        </AlertDescription>
      </Alert>
      <div className="grid gap-1">
        <div className="flex items-start gap-3">
          <input
            id={checkboxId}
            type="checkbox"
            checked={isUnderstood}
            onChange={(e) => {
              setIsUnderstood(e.target.checked);
              setError(undefined);
            }}
            aria-describedby={error ? errorId : undefined}
            aria-invalid={error ? true : undefined}
            className="mt-0.5 size-4 shrink-0 accent-brand"
          />
          <label htmlFor={checkboxId} className="text-sm">
            I understand that I will no longer be able to read the passwords, documents and notes I
            stored.
          </label>
        </div>
        {error && (
          <p id={errorId} role="alert" className="text-sm text-destructive">
            {error}
          </p>
        )}
      </div>
      <Button type="button" variant="destructive" onClick={confirm}>
        Continue without my recovery key
      </Button>
      <Button type="button" variant="outline" onClick={onBack}>
        Back: I have my recovery key
      </Button>
    </div>
  );
}
