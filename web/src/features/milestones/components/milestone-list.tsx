import { MESSAGE_MSG, type MilestoneView } from "@common/messages";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmActionDialog } from "@/components/ui/confirm-action-dialog";
import { errorMessage } from "@/lib/api-client";
import { formatDate } from "@/lib/format";
import { toast } from "@/lib/toast";
import { useConfirmMilestone, type MilestoneConfirmation } from "../api/confirm-milestone";

/**
 * An owner's milestones as their confirmer sees them (decision 109): the owner's description and
 * whether it is confirmed; "Confirm this has happened" asks first, since it cannot be undone.
 * `canConfirm`: false before the release (the list is shown, the button is not).
 */
export function MilestoneList({
  ownerName,
  milestones,
  confirmationOf,
  canConfirm,
}: {
  ownerName: string;
  milestones: MilestoneView[];
  confirmationOf: (id: string) => MilestoneConfirmation;
  canConfirm: boolean;
}) {
  const [asking, setAsking] = useState<MilestoneView | null>(null);
  const confirm = useConfirmMilestone();
  const onConfirm = () => {
    if (!asking) return;
    confirm.mutate(confirmationOf(asking.id), {
      onSuccess: () => {
        toast.success(MESSAGE_MSG.milestoneConfirmed);
        setAsking(null);
        confirm.reset();
      },
    });
  };
  return (
    <>
      <ul className="grid gap-3">
        {milestones.map((m) => (
          <li
            key={m.id}
            className="flex flex-col gap-2 rounded-md border border-border p-3 sm:flex-row sm:items-center sm:justify-between"
          >
            <div className="grid min-w-0 gap-0.5">
              <span className="font-medium wrap-anywhere">{m.label}</span>
              <span className="text-sm text-muted-foreground">
                {m.confirmedAt ? `Confirmed ${formatDate(m.confirmedAt)}` : "Not confirmed yet"}
              </span>
            </div>
            {!m.confirmedAt && canConfirm && (
              <Button
                variant="outline"
                className="w-full sm:w-fit"
                aria-label={`Confirm this has happened: ${m.label}`}
                onClick={() => setAsking(m)}
              >
                Confirm this has happened
              </Button>
            )}
          </li>
        ))}
      </ul>
      <ConfirmActionDialog
        isOpen={!!asking}
        title="Confirm this has happened?"
        description={
          <>
            {ownerName} left a message to be delivered on &quot;{asking?.label}&quot;. Once you
            confirm, it is delivered to its recipients within a few minutes. This cannot be undone.
          </>
        }
        confirmLabel="Yes, it has happened"
        pendingLabel="Confirming..."
        isPending={confirm.isPending}
        failure={
          confirm.error
            ? errorMessage(confirm.error, MESSAGE_MSG.milestoneConfirmFailed)
            : undefined
        }
        onConfirm={onConfirm}
        onCancel={() => {
          setAsking(null);
          confirm.reset();
        }}
      />
    </>
  );
}
