import { BENEFICIARY_MSG } from "@common/beneficiaries";
import { ConfirmActionDialog } from "@/components/ui/confirm-action-dialog";
import { errorMessage } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { useDeleteBeneficiary } from "../api/delete-beneficiary";
import type { Beneficiary } from "../api/list-beneficiaries";

type Props = {
  /** The beneficiary to delete; the dialog is open while there is one. */
  beneficiary: Beneficiary | null;
  onClose: (isDeleted: boolean) => void;
  /** Where focus goes when the dialog closes (it has no trigger of its own). */
  onCloseAutoFocus: (event: Event) => void;
};

/** 'Delete Beneficiary': asks first; stays open (with the reason) when deleting fails. */
export function DeleteBeneficiaryDialog({ beneficiary, onClose, onCloseAutoFocus }: Props) {
  const deletion = useDeleteBeneficiary();
  const onConfirm = async () => {
    if (!beneficiary) return;
    try {
      await deletion.mutateAsync(beneficiary.id);
      toast.success(BENEFICIARY_MSG.deleted);
      deletion.reset();
      onClose(true);
    } catch (err) {
      toast.error(errorMessage(err, BENEFICIARY_MSG.deleteFailed));
    }
  };
  return (
    <ConfirmActionDialog
      isOpen={beneficiary !== null}
      title="Delete Beneficiary"
      description={
        <>
          Are you sure you want to delete {beneficiary?.name} ({beneficiary?.email})? This cannot be
          undone. Items already assigned to this e-mail keep it until you change them.
        </>
      }
      confirmLabel="Delete"
      pendingLabel="Deleting..."
      isPending={deletion.isPending}
      failure={
        deletion.isError ? errorMessage(deletion.error, BENEFICIARY_MSG.deleteFailed) : undefined
      }
      onConfirm={() => void onConfirm()}
      onCancel={() => {
        deletion.reset();
        onClose(false);
      }}
      onCloseAutoFocus={onCloseAutoFocus}
    />
  );
}
