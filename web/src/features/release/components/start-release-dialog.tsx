import { TriangleAlert } from "lucide-react";
import { useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/components/ui/dialog";
import { StartReleaseForm } from "./start-release-form";

type Props = {
  clientId: string;
  clientName: string;
  defaultAttester: string;
  /** Whether the button shows (firm admins, while no release waits or has happened). */
  canAttest: boolean;
  /** Places focus when the dialog closes after its button went away (the release started). */
  onGone: () => void;
};

/**
 * 'Start a release' (outline: a rare, deliberate act, not the page's main action) and its
 * dialog, which warns what happens next. It cannot be closed while the
 * attestation is being sent, and stays mounted so it can close once the button is gone.
 */
export function StartReleaseDialog({
  clientId,
  clientName,
  defaultAttester,
  canAttest,
  onGone,
}: Props) {
  const [isOpen, setIsOpen] = useState(false);
  const [isSending, setIsSending] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  return (
    <Dialog open={isOpen} onOpenChange={(open) => !isSending && setIsOpen(open)}>
      {canAttest && (
        <DialogTrigger asChild>
          <Button ref={triggerRef} variant="outline" className="w-full sm:w-fit">
            Start a release
          </Button>
        </DialogTrigger>
      )}
      <DialogContent
        onCloseAutoFocus={(event) => {
          if (triggerRef.current?.isConnected) return;
          event.preventDefault();
          onGone();
        }}
      >
        <DialogHeader>
          <DialogTitle>Start a release for {clientName}</DialogTitle>
          <DialogDescription asChild>
            <div className="flex gap-2 rounded-md border border-warning-border bg-warning-surface p-3 text-warning-text">
              <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              <p>
                {clientName} will be e-mailed at once and can cancel the release during their
                waiting period. If nobody cancels it, each of their beneficiaries then receives what
                was left to them.
              </p>
            </div>
          </DialogDescription>
        </DialogHeader>
        <StartReleaseForm
          clientId={clientId}
          clientName={clientName}
          defaultAttester={defaultAttester}
          onSending={setIsSending}
          onStarted={() => setIsOpen(false)}
        />
      </DialogContent>
    </Dialog>
  );
}
