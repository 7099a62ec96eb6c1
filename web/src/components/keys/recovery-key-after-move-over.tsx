import { useEffect, useState } from "react";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { onRecoveryKey } from "@/lib/keys/vault-unlock";
import { RecoveryKit } from "./recovery-kit";

/**
 * Right after an account moves over to owner-held keys (decision 038), the recovery kit it made,
 * shown once in a dialog that only "I have saved it" closes. Mounted once in the signed-in frame.
 */
export function RecoveryKeyAfterMoveOver() {
  const [recoveryKey, setRecoveryKey] = useState<string>();
  useEffect(() => onRecoveryKey(setRecoveryKey), []);
  if (!recoveryKey) return null;
  return (
    <Dialog open onOpenChange={() => {}}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Save your recovery key</DialogTitle>
          <DialogDescription>
            Your vault is now locked with your password, and only you can open it. If you forget
            your password, this key is the only way back to what you stored: we cannot open it for
            you.
          </DialogDescription>
        </DialogHeader>
        <RecoveryKit recoveryKey={recoveryKey} onSaved={() => setRecoveryKey(undefined)} />
      </DialogContent>
    </Dialog>
  );
}
