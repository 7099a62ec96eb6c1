import { useState } from "react";
import { LoadError } from "@/components/load-error";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ConfirmActionDialog } from "@/components/ui/confirm-action-dialog";
import { makeRecoveryKit } from "@/lib/keys/account-keys";
import { useRecoveryKitStatus } from "@/lib/keys/api/get-recovery-kit-status";
import { useUpdateRecoveryKey } from "@/lib/keys/api/update-recovery-key";
import { RecoveryKit } from "@/components/keys/recovery-kit";
import { getExtractableDataKey } from "@/lib/keys/vault-unlock";
import { errorMessage } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { useFocusOnReturn } from "@/lib/use-focus-on-return";
import { ProfileCard } from "@/components/profile-card";

const FAILED = "The new recovery kit could not be made. Nothing changed; try again.";

/**
 * "Recovery kit" (decision 038): whether the owner has one, and a new one on request. A new kit
 * re-wraps the data key in this browser for a new recovery key (PUT /api/vault/key/recovery): the
 * old key opens nothing any more, so an owner who has one is asked first. The new key is shown
 * once, in this card, until "I have saved it".
 */
export function RecoveryKitCard({ email }: { email: string }) {
  const status = useRecoveryKitStatus();
  const update = useUpdateRecoveryKey();
  const [isConfirming, setIsConfirming] = useState(false);
  const [isMaking, setIsMaking] = useState(false);
  const [failure, setFailure] = useState<string>();
  const [newKey, setNewKey] = useState<string>();
  const { ref: triggerRef, returnFocus } = useFocusOnReturn();
  const hasKit = status.data?.hasRecoveryKey === true;

  const make = async () => {
    setFailure(undefined);
    setIsMaking(true);
    try {
      const kit = await makeRecoveryKit(await getExtractableDataKey());
      await update.mutateAsync({ recoveryWrappedKey: kit.recoveryWrappedKey });
      setIsConfirming(false);
      setNewKey(kit.recoveryKey);
    } catch (err) {
      const message = errorMessage(err, FAILED);
      if (isConfirming) setFailure(message);
      else toast.error(message);
    } finally {
      setIsMaking(false);
    }
  };

  const description = newKey
    ? "Your new recovery kit. Your previous recovery key, if you had one, no longer opens your vault."
    : hasKit
      ? "You have a recovery kit. If you forget your password, its key opens your vault. Lost it? Make a new one: the old key then stops working."
      : "You have no recovery kit yet. Without one, forgetting your password means you can no longer read what you stored.";

  return (
    <ProfileCard
      title="Recovery kit"
      description={status.isSuccess ? description : undefined}
      aside={
        status.isSuccess &&
        (hasKit ? <Badge variant="success">Made</Badge> : <Badge>None yet</Badge>)
      }
    >
      {newKey ? (
        <RecoveryKit
          recoveryKey={newKey}
          email={email}
          onSaved={() => {
            returnFocus();
            setNewKey(undefined);
          }}
        />
      ) : status.isError ? (
        <LoadError onRetry={() => void status.refetch()} isRetrying={status.isFetching}>
          {errorMessage(status.error, "Your recovery kit could not be checked.")}
        </LoadError>
      ) : (
        <Button
          ref={triggerRef}
          type="button"
          variant="outline"
          disabled={!status.isSuccess || isMaking}
          onClick={() => (hasKit ? setIsConfirming(true) : void make())}
        >
          {isMaking && !isConfirming
            ? "Making your kit..."
            : hasKit
              ? "Make a new recovery kit"
              : "Make a recovery kit"}
        </Button>
      )}
      <ConfirmActionDialog
        isOpen={isConfirming}
        title="Make a new recovery kit?"
        description="Your current recovery key stops working at once. Only the new kit will open your vault if you forget your password."
        confirmLabel="Make a new kit"
        pendingLabel="Making your kit..."
        isPending={isMaking}
        failure={failure}
        onConfirm={() => void make()}
        onCancel={() => {
          setFailure(undefined);
          setIsConfirming(false);
        }}
      />
    </ProfileCard>
  );
}
