import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { toast } from "@/lib/toast";
import { VaultLockedError } from "@/lib/keys/vault-unlock";
import { UNLOCK_TEXT, UNLOCK_TITLE, VaultUnlockForm } from "./vault-unlock-form";

/**
 * Mounted once in the signed-in frame: when an action (saving an item, a beneficiary key…) fails
 * because this tab is locked, asks for the password in a dialog; the owner then does it again.
 * Screens that show the data key's query (an item's page) have their own VaultUnlockCard.
 */
export function VaultUnlockDialog() {
  const qc = useQueryClient();
  const [isOpen, setIsOpen] = useState(false);
  useEffect(
    () =>
      qc.getMutationCache().subscribe((event) => {
        if (event.type === "updated" && event.mutation.state.error instanceof VaultLockedError)
          setIsOpen(true);
      }),
    [qc],
  );
  return (
    <Dialog open={isOpen} onOpenChange={setIsOpen}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>{UNLOCK_TITLE}</DialogTitle>
          <DialogDescription>{UNLOCK_TEXT}</DialogDescription>
        </DialogHeader>
        <VaultUnlockForm
          onUnlocked={() => {
            setIsOpen(false);
            toast.success("Your vault is open. You can try again.");
          }}
        />
      </DialogContent>
    </Dialog>
  );
}
