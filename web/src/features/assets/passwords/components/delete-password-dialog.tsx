import type { OpenedAssetView } from "../../titles/open-titles";
import { PASSWORD_MSG } from "@common/assets/passwords";
import { ConfirmActionDialog } from "@/components/ui/confirm-action-dialog";
import { useDeleteAsset } from "@/features/assets/api/delete-asset";
import { errorMessage } from "@/lib/api-client";
import { toast } from "@/lib/toast";

type Props = {
  /** The password to delete; the dialog is open while there is one. */
  password: OpenedAssetView | null;
  onClose: (isDeleted: boolean) => void;
  /** Where focus goes when the dialog closes (the row it was opened from may be gone). */
  onCloseAutoFocus: (event: Event) => void;
};

/** 'Delete Password': asks first; stays open with the reason when deleting fails. */
export function DeletePasswordDialog({ password, onClose, onCloseAutoFocus }: Props) {
  const deletion = useDeleteAsset();
  const onConfirm = async () => {
    if (!password) return;
    try {
      await deletion.mutateAsync(password.id);
      toast.success(PASSWORD_MSG.deleted);
      deletion.reset();
      onClose(true);
    } catch (err) {
      toast.error(errorMessage(err, PASSWORD_MSG.deleteFailed));
    }
  };
  return (
    <ConfirmActionDialog
      isOpen={password !== null}
      title="Delete Password"
      description={<>Are you sure you want to delete “{password?.title}”? This cannot be undone.</>}
      confirmLabel="Delete"
      pendingLabel="Deleting..."
      isPending={deletion.isPending}
      failure={
        deletion.isError ? errorMessage(deletion.error, PASSWORD_MSG.deleteFailed) : undefined
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
