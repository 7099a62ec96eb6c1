import { ACCOUNT_DELETION_MSG } from "@common/account-deletion";
import { useRef } from "react";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/lib/api-client";
import { formatDateTime } from "@/lib/format";
import { toast } from "@/lib/toast";
import { useDeleteAccountDeletion } from "../api/delete-account-deletion";
import { useAccountDeletion } from "../api/get-account-deletion";

/**
 * Above every signed-in screen but the profile's "Your data" (whose "Delete account" card says
 * the same): while the account's deletion is pending (decision 042), when it happens and a button
 * that cancels it. Gone once cancelled; focus then moves to the screen's main region.
 */
export function DeletionPendingBanner() {
  const pending = useAccountDeletion().data?.pending;
  const cancel = useDeleteAccountDeletion();
  const ref = useRef<HTMLDivElement>(null);
  if (!pending) return null;
  const onCancel = () =>
    cancel.mutate(undefined, {
      onSuccess: () => {
        toast.success(ACCOUNT_DELETION_MSG.cancelled);
        ref.current?.closest("main")?.focus();
      },
      onError: (err) => toast.error(errorMessage(err, ACCOUNT_DELETION_MSG.cancelFailed)),
    });
  return (
    <div
      ref={ref}
      role="region"
      aria-label="Account deletion"
      className="mb-6 flex flex-wrap items-center gap-x-4 gap-y-3 rounded-lg border border-warning-border bg-warning-surface p-4 text-sm text-warning-text print:hidden"
    >
      <p className="min-w-0 flex-1 basis-64">
        Your account will be deleted on{" "}
        <time dateTime={pending.eraseAt} className="font-semibold">
          {formatDateTime(pending.eraseAt)}
        </time>
        , with everything in your vault. Nothing is erased before then.
      </p>
      <Button
        type="button"
        variant="outline"
        size="sm"
        onClick={onCancel}
        disabled={cancel.isPending}
      >
        {cancel.isPending ? "Cancelling..." : "Cancel deletion"}
      </Button>
    </div>
  );
}
