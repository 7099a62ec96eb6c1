import { Menu, X } from "lucide-react";
import { Dialog as DialogPrimitive } from "radix-ui";
import type { ReactNode } from "react";
import { getVaultLock } from "@/lib/keys/vault-lock-state";

type Props = {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  children: (close: ReactNode) => ReactNode;
};

const iconButton =
  "inline-flex size-10 items-center justify-center rounded-md text-foreground hover:bg-muted";

/**
 * Below 768 px: the sidebar slides in from the left (18rem) from the menu button. A Radix
 * Dialog: focus stays inside while open, Escape or the backdrop close it, and focus returns
 * to the menu button. `children` gets the close button to put beside the logo.
 */
export function MobileDrawer({ isOpen, onOpenChange, children }: Props) {
  const close = (
    <DialogPrimitive.Close className={iconButton}>
      <X aria-hidden="true" className="size-5" />
      <span className="sr-only">Close menu</span>
    </DialogPrimitive.Close>
  );
  return (
    <DialogPrimitive.Root open={isOpen} onOpenChange={onOpenChange}>
      <DialogPrimitive.Trigger className={iconButton} aria-keyshortcuts="Control+B Meta+B">
        <Menu aria-hidden="true" className="size-5" />
        <span className="sr-only">Open menu</span>
      </DialogPrimitive.Trigger>
      <DialogPrimitive.Portal>
        {/* A plain backdrop, not radix's Overlay, whose scroll lock injects a <style> element that the CSP refuses (see components/ui/dialog.tsx). */}
        <div aria-hidden="true" className="fixed inset-0 z-50 bg-slate-900/60" />
        <DialogPrimitive.Content
          aria-describedby={undefined}
          // Closed by Lock now: focus stays in the unlock dialog, not on the menu button under it.
          onCloseAutoFocus={(e) => {
            if (getVaultLock().isLocked) e.preventDefault();
          }}
          className="fixed inset-y-0 left-0 z-50 w-72 max-w-[calc(100vw-2rem)] border-r border-border bg-card shadow-xl transition-transform duration-200 starting:-translate-x-full motion-reduce:transition-none"
        >
          <DialogPrimitive.Title className="sr-only">Menu</DialogPrimitive.Title>
          {children(close)}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
