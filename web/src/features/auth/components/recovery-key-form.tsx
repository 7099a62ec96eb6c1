import { KEYS_MSG } from "@common/keys";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { openWithRecoveryKey, WrongRecoveryKeyError } from "@/lib/keys/reset-keys";

/**
 * The reset page's first question for an account with a recovery kit (decision 038): the
 * recovery key, typed loosely (case, spaces and hyphens do not matter), opens the vault in this
 * browser; or "I don't have my recovery key". Nothing is sent: the key is tried here.
 */
export function RecoveryKeyForm({
  recoveryWrappedKey,
  onOpened,
  onNoKey,
}: {
  recoveryWrappedKey: string;
  onOpened: (opened: { dataKey: CryptoKey; recoveryKey: string }) => void;
  onNoKey: () => void;
}) {
  const [typed, setTyped] = useState("");
  const [error, setError] = useState<string>();
  const [isOpening, setIsOpening] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!typed.trim()) return setError(KEYS_MSG.recoveryKeyNeeded);
    setError(undefined);
    setIsOpening(true);
    try {
      onOpened(await openWithRecoveryKey(recoveryWrappedKey, typed));
    } catch (err) {
      setError(
        err instanceof WrongRecoveryKeyError ? err.message : "Something went wrong. Try again.",
      );
    } finally {
      setIsOpening(false);
    }
  };

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate className="grid gap-4">
      <p className="text-sm text-foreground-soft">
        Your vault opens with your password or with your recovery key. Enter the key from your
        recovery kit to keep everything you stored.
      </p>
      <FormField
        label="Recovery key"
        hint="32 letters and digits, as on your kit. Spaces, hyphens and capitals do not matter."
        error={error}
      >
        <Input
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          autoFocus
          className="font-mono uppercase"
        />
      </FormField>
      <Button type="submit" disabled={isOpening}>
        {isOpening ? "Checking..." : "Continue"}
      </Button>
      <Button type="button" variant="outline" onClick={onNoKey} disabled={isOpening}>
        I don't have my recovery key
      </Button>
    </form>
  );
}
