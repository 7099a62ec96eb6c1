import { useEffect, useState } from "react";
import { AUTH_MSG } from "@common/auth";
import { Loading } from "@/components/loading";
import { LoadError } from "@/components/load-error";
import { useResetStart } from "@/lib/keys/api/get-reset-keys";
import { RecoveryKit } from "@/components/keys/recovery-kit";
import type { ResetVault } from "@/lib/keys/reset-keys";
import { errorMessage } from "@/lib/api-client";
import { isInvalidResetLink } from "../reset-link-error";
import { LoseVaultWarning } from "./lose-vault-warning";
import { RecoveryKeyForm } from "./recovery-key-form";
import { UpdatePasswordForm } from "./update-password-form";

type Props = {
  token: string;
  /** The password is set (and any new recovery kit saved): on to sign-in. */
  onUpdated: () => void;
  onInvalidToken: (message: string) => void;
};

const heading = "text-lg font-semibold";

/**
 * /update-password?token=… (decision 038). First what the link opens (GET /api/vault/reset):
 * - an account not moved over: its escrowed data key is kept, straight to the new password;
 * - an account with a recovery kit: the recovery key (kept: the vault opens as before), or "I
 *   don't have my recovery key", a plain warning and a box to tick BEFORE anything changes, then a
 *   new data key;
 * - no data key yet: straight to the new password.
 * Then the new password; when a new recovery key was made, its kit is shown once before sign-in.
 */
export function ResetPasswordFlow({ token, onUpdated, onInvalidToken }: Props) {
  // Done: the reset cleared the query cache (every session ended), and the used link must not be
  // checked again (it would answer "invalid" under the new recovery kit).
  const [isDone, setIsDone] = useState(false);
  const start = useResetStart(token, !isDone);
  const [vault, setVault] = useState<ResetVault>();
  const [isWarning, setIsWarning] = useState(false);
  const [newKit, setNewKit] = useState<string>();

  const isLinkRefused =
    !isDone && start.isError && isInvalidResetLink(start.error, { isCheck: true });
  useEffect(() => {
    if (isLinkRefused) onInvalidToken(AUTH_MSG.linkInvalid);
  }, [isLinkRefused, onInvalidToken]);

  if (newKit)
    return (
      <div className="grid gap-4">
        <h2 className={heading}>Save your new recovery kit</h2>
        <p className="text-sm text-foreground-soft">
          Your password is updated. Your old recovery key no longer opens your vault: this one does.
        </p>
        <RecoveryKit recoveryKey={newKit} onSaved={onUpdated} />
      </div>
    );
  if (start.isPending || isLinkRefused) return <Loading variant="detail" />;
  if (start.isError)
    return (
      <LoadError onRetry={() => void start.refetch()} isRetrying={start.isFetching}>
        {errorMessage(start.error, "Your reset link could not be checked. Try again.")}
      </LoadError>
    );

  const chosen: ResetVault | undefined =
    start.data.kind === "escrowed"
      ? { dataKey: start.data.dataKey }
      : start.data.kind === "new"
        ? { dataKey: null }
        : vault;

  if (!chosen) {
    if (start.data.kind !== "recovery") return null; // only an account with a kit has a choice
    return isWarning ? (
      <div className="grid gap-4">
        <h2 className={heading}>Without your recovery key</h2>
        <LoseVaultWarning
          onConfirm={() => setVault({ dataKey: null })}
          onBack={() => setIsWarning(false)}
        />
      </div>
    ) : (
      <div className="grid gap-4">
        <h2 className={heading}>Enter your recovery key</h2>
        <RecoveryKeyForm
          recoveryWrappedKey={start.data.recoveryWrappedKey}
          onOpened={setVault}
          onNoKey={() => setIsWarning(true)}
        />
      </div>
    );
  }

  return (
    <div className="grid gap-4">
      {chosen.recoveryKey && (
        <p role="status" className="text-sm text-foreground-soft">
          Your recovery key opened your vault. Now choose your new password.
        </p>
      )}
      <UpdatePasswordForm
        token={token}
        vault={chosen}
        onUpdated={(recoveryKey) => {
          setIsDone(true);
          if (recoveryKey) setNewKit(recoveryKey);
          else onUpdated();
        }}
        onInvalidToken={onInvalidToken}
      />
    </div>
  );
}
