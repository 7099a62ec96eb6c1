import { RELEASE_MSG, RELEASE_UI_MSG } from "@common/release";
import { useQueryClient } from "@tanstack/react-query";
import { ShieldX } from "lucide-react";
import { useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmActionDialog } from "@/components/ui/confirm-action-dialog";
import { ApiError, errorMessage } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { useCancelRelease } from "../api/cancel-release";
import { releasePlanQueryKey } from "../api/get-release-plan";

/**
 * "Cancel the release" (shown while a release waits) and its confirmation, which stays mounted so
 * it can close and report after the waiting state, and the button with it, are gone. `onGone`
 * then places focus.
 */
export function CancelReleaseButton({
  isWaiting,
  onGone,
}: {
  isWaiting: boolean;
  onGone: () => void;
}) {
  const qc = useQueryClient();
  const cancel = useCancelRelease();
  const [isOpen, setIsOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);

  const onConfirm = () =>
    cancel.mutate(undefined, {
      onSuccess: () => {
        toast.success(RELEASE_MSG.cancelled);
        setIsOpen(false);
      },
      onError: (err) => {
        toast.error(errorMessage(err, RELEASE_UI_MSG.cancelFailed));
        // 409: nothing waits any more (cancelled by the e-mailed link, or released): show what is.
        if (err instanceof ApiError && err.status === 409)
          void qc.invalidateQueries({ queryKey: releasePlanQueryKey });
      },
    });

  return (
    <>
      {isWaiting && (
        <Button
          ref={buttonRef}
          variant="destructive"
          size="lg"
          className="w-full sm:w-fit"
          onClick={() => {
            cancel.reset();
            setIsOpen(true);
          }}
        >
          <ShieldX aria-hidden="true" /> Cancel the release
        </Button>
      )}
      <ConfirmActionDialog
        isOpen={isOpen}
        title="Cancel the release?"
        description="Nothing will be released and your beneficiaries will not be told. Your release plan stays as it is."
        confirmLabel="Yes, cancel the release"
        cancelLabel="Keep the release"
        pendingLabel="Cancelling..."
        isPending={cancel.isPending}
        failure={
          cancel.isError ? errorMessage(cancel.error, RELEASE_UI_MSG.cancelFailed) : undefined
        }
        onConfirm={onConfirm}
        onCancel={() => setIsOpen(false)}
        onCloseAutoFocus={(event) => {
          if (buttonRef.current?.isConnected) return;
          event.preventDefault();
          onGone();
        }}
      />
    </>
  );
}
