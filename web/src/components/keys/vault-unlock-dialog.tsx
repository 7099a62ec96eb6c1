import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState, useSyncExternalStore } from "react";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { toast } from "@/lib/toast";
import { answerDeclined, isUnlockAsked, subscribeUnlockRequests } from "@/lib/keys/unlock-request";
import { VaultLockedError } from "@/lib/keys/vault-unlock";
import { UNLOCK_TEXT, UNLOCK_TITLE, VaultUnlockForm } from "./vault-unlock-form";

/**
 * Mounted once in the signed-in frame: asks for the password in a dialog when a save needs the
 * data key and this tab has none (lib/keys/unlock-request.ts): once it opens, the save goes on
 * with what was typed; closed instead, the save says the vault is locked and the form stays as it
 * is (decision 075). An action that failed outright because the tab is locked opens it too, and
 * the owner then does it again. Screens that need the key to show anything ask in place
 * (RequireVaultKey, VaultUnlockCard).
 */
export function VaultUnlockDialog() {
  const qc = useQueryClient();
  const isAsked = useSyncExternalStore(subscribeUnlockRequests, isUnlockAsked);
  const [hasFailed, setHasFailed] = useState(false);
  useEffect(
    () =>
      qc.getMutationCache().subscribe((event) => {
        if (event.type === "updated" && event.mutation.state.error instanceof VaultLockedError)
          setHasFailed(true);
      }),
    [qc],
  );
  const close = () => {
    setHasFailed(false);
    answerDeclined();
  };
  return (
    <Dialog open={isAsked || hasFailed} onOpenChange={(open) => !open && close()}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>{UNLOCK_TITLE}</DialogTitle>
          <DialogDescription>{UNLOCK_TEXT}</DialogDescription>
        </DialogHeader>
        <VaultUnlockForm
          onUnlocked={() => {
            // A waiting save goes on by itself (the form told it); a failed action is done again.
            if (hasFailed && !isAsked) toast.success("Your vault is open. You can try again.");
            setHasFailed(false);
          }}
        />
      </DialogContent>
    </Dialog>
  );
}
