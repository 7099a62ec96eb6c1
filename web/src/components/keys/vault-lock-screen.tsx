import { VAULT_LOCK_MSG } from "@common/keys";
import { LOCKED_AFTER_PASSKEY } from "@common/passkeys";
import { LockKeyhole } from "lucide-react";
import { Dialog as DialogPrimitive } from "radix-ui";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import { endVaultLock, type LockReason } from "@/lib/keys/vault-lock-state";
import { VaultUnlockForm } from "./vault-unlock-form";

const WHY: Record<LockReason, string> = {
  idle: VAULT_LOCK_MSG.lockedIdle,
  now: VAULT_LOCK_MSG.lockedNow,
  elsewhere: VAULT_LOCK_MSG.lockedNow,
  passkey: LOCKED_AFTER_PASSKEY,
};

const keepOpen = (event: Event) => event.preventDefault();

/**
 * The locked tab (decision 046): a dialog that cannot be dismissed, over the signed-in frame,
 * whose screen is hidden meanwhile (gone, or kept hidden when a form had unsaved changes). The
 * password opens the vault again and the screen comes back as it was; Sign out is the way out.
 */
export function VaultLockScreen({
  reason,
  keepsScreen,
  onSignOut,
  isSigningOut,
}: {
  reason: LockReason;
  keepsScreen: boolean;
  onSignOut: () => void;
  isSigningOut: boolean;
}) {
  return (
    <DialogPrimitive.Root open>
      <DialogPrimitive.Portal>
        {/* A plain backdrop, as in components/ui/dialog.tsx (the CSP refuses the Overlay's style element);
            opaque over a kept screen, whose own dialogs (portalled outside the hidden screen) may stay open. */}
        <div
          aria-hidden="true"
          className={cn("fixed inset-0 z-50", keepsScreen ? "bg-muted" : "bg-slate-900/70")}
        />
        <DialogPrimitive.Content
          onEscapeKeyDown={keepOpen}
          onPointerDownOutside={keepOpen}
          onInteractOutside={keepOpen}
          className="fixed top-1/2 left-1/2 z-50 grid max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-lg border border-border bg-card p-6 text-card-foreground shadow-lg"
        >
          <div className="grid gap-2">
            <LockKeyhole aria-hidden="true" className="size-8 text-brand" />
            <DialogPrimitive.Title className="text-lg font-semibold">
              {VAULT_LOCK_MSG.lockedTitle}
            </DialogPrimitive.Title>
            <DialogPrimitive.Description className="text-sm text-muted-foreground">
              {WHY[reason]} {VAULT_LOCK_MSG.stillSignedIn}
            </DialogPrimitive.Description>
          </div>
          {keepsScreen && <Alert variant="info">{VAULT_LOCK_MSG.keptForm}</Alert>}
          <VaultUnlockForm onUnlocked={endVaultLock} />
          <div className="border-t border-border pt-4">
            <Button
              type="button"
              variant="outline"
              onClick={onSignOut}
              disabled={isSigningOut}
              className="w-full sm:w-auto"
            >
              Sign out instead
            </Button>
          </div>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
