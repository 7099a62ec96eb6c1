import { STAFF_MSG, type StaffMemberView } from "@common/staff";
import { ConfirmActionDialog } from "@/components/ui/confirm-action-dialog";
import { errorMessage } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { useDeleteStaff } from "../api/delete-staff";

type Props = {
  /** The member to remove; the dialog is open while there is one. */
  member: StaffMemberView | null;
  onClose: (isRemoved: boolean) => void;
  /** Where focus goes when the dialog closes (the row it was opened from may be gone). */
  onCloseAutoFocus: (event: Event) => void;
};

/**
 * Removing a member from the firm, asked first in the app's dialog as every destructive action is
 * (the question in the spec's words, spec 02 §4); a failure keeps the dialog open and says why.
 */
export function RemoveStaffDialog({ member, onClose, onCloseAutoFocus }: Props) {
  const removal = useDeleteStaff();
  const onConfirm = async () => {
    if (!member) return;
    try {
      await removal.mutateAsync(member.id);
      toast.success(STAFF_MSG.removed);
      removal.reset();
      onClose(true);
    } catch {
      // the dialog stays open and says why (failure below)
    }
  };
  return (
    <ConfirmActionDialog
      isOpen={member !== null}
      title={member ? STAFF_MSG.removeTitle(member.name) : ""}
      description={STAFF_MSG.removeConfirm}
      confirmLabel="Remove"
      pendingLabel="Removing..."
      isPending={removal.isPending}
      failure={removal.isError ? errorMessage(removal.error, STAFF_MSG.removeFailed) : undefined}
      onConfirm={() => void onConfirm()}
      onCancel={() => {
        removal.reset();
        onClose(false);
      }}
      onCloseAutoFocus={onCloseAutoFocus}
    >
      <p className="text-sm text-foreground-soft">{STAFF_MSG.removeText}</p>
    </ConfirmActionDialog>
  );
}
