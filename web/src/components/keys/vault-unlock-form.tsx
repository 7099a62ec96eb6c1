import { useQueryClient } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { errorMessage } from "@/lib/api-client";
import { dataKeyQueryKey } from "@/lib/keys/api/get-data-key";
import { answerUnlocked } from "@/lib/keys/unlock-request";
import { unlockWithPassword, WrongVaultPasswordError } from "@/lib/keys/vault-unlock";

export const UNLOCK_TITLE = "Unlock your vault";
export const UNLOCK_TEXT =
  "This tab does not hold the key to your vault. Enter your password to open it: it stays in this browser, and you stay signed in.";

/**
 * The password that opens the vault again (decision 038): derived here (PBKDF2: "Unlocking…"
 * meanwhile) with the account's salt, never sent. On success the data key query holds the key,
 * so every screen waiting for it goes on, and so does every save that asked for it.
 */
export function VaultUnlockForm({ onUnlocked }: { onUnlocked?: () => void }) {
  const qc = useQueryClient();
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string>();
  const [failures, setFailures] = useState(0);
  const [isBusy, setIsBusy] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isBusy) return;
    if (!password) {
      setError("Enter your password.");
      return;
    }
    setError(undefined);
    setIsBusy(true);
    try {
      const dataKey = await unlockWithPassword(password);
      setPassword("");
      qc.setQueryData(dataKeyQueryKey, dataKey);
      onUnlocked?.();
      answerUnlocked(); // a save that waited for the key goes on (decision 075)
    } catch (err) {
      setError(
        err instanceof WrongVaultPasswordError
          ? err.message
          : errorMessage(err, "Your vault could not be opened. Try again."),
      );
      setFailures((n) => n + 1);
    } finally {
      setIsBusy(false);
    }
  };

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate className="grid gap-4" aria-busy={isBusy}>
      <FormField label="Password" error={error}>
        <Input
          key={failures} // focus comes back to the field after a wrong password
          type="password"
          autoComplete="current-password"
          autoFocus
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </FormField>
      {isBusy && <Alert variant="info">Unlocking…</Alert>}
      <Button type="submit" disabled={isBusy} className="justify-self-start">
        {isBusy ? "Unlocking…" : "Unlock"}
      </Button>
    </form>
  );
}

/** "Unlock your vault" in place of a screen that needs the data key. */
export function VaultUnlockCard({ onUnlocked }: { onUnlocked?: () => void }) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className="grid gap-4 rounded-lg border border-border bg-card p-4 text-card-foreground sm:p-6"
    >
      <div className="grid gap-1">
        <h2 id={id} className="text-lg font-semibold">
          {UNLOCK_TITLE}
        </h2>
        <p className="text-sm text-muted-foreground">{UNLOCK_TEXT}</p>
      </div>
      <VaultUnlockForm onUnlocked={onUnlocked} />
    </section>
  );
}
