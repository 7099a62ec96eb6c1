import { FIRM_CODE_MSG, type FirmCodeView } from "@common/firm-codes";
import { ConfirmActionDialog } from "@/components/ui/confirm-action-dialog";
import { errorMessage } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { useDeactivateFirmCode } from "../api/deactivate-firm-code";

type Props = {
  /** The code to deactivate; the dialog is open while there is one. */
  code: FirmCodeView | null;
  onClose: (isDeactivated: boolean) => void;
  /** Where focus goes when the dialog closes (it has no trigger of its own). */
  onCloseAutoFocus: (event: Event) => void;
};

/** 'Deactivate Firm Code': a code only ever goes from active to inactive. */
export function DeactivateCodeDialog({ code, onClose, onCloseAutoFocus }: Props) {
  const deactivation = useDeactivateFirmCode();
  const onConfirm = async () => {
    if (!code) return;
    try {
      await deactivation.mutateAsync(code.id);
      toast.success(FIRM_CODE_MSG.codeDeactivated);
      deactivation.reset();
      onClose(true);
    } catch (err) {
      toast.error(errorMessage(err, FIRM_CODE_MSG.codeDeactivateFailed));
    }
  };
  return (
    <ConfirmActionDialog
      isOpen={code !== null}
      title={FIRM_CODE_MSG.deactivateTitle}
      description={FIRM_CODE_MSG.deactivateText}
      confirmLabel="Deactivate"
      pendingLabel="Deactivating..."
      isPending={deactivation.isPending}
      failure={
        deactivation.isError
          ? errorMessage(deactivation.error, FIRM_CODE_MSG.codeDeactivateFailed)
          : undefined
      }
      onConfirm={() => void onConfirm()}
      onCancel={() => {
        deactivation.reset();
        onClose(false);
      }}
      onCloseAutoFocus={onCloseAutoFocus}
    >
      {code && (
        <p className="text-sm">
          Code:{" "}
          <span className="font-mono font-semibold tracking-wider">{code.code.trimEnd()}</span>
        </p>
      )}
    </ConfirmActionDialog>
  );
}
