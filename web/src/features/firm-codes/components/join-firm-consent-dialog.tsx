import { FIRM_CONSENT_MSG } from "@common/firm-membership";
import { FirmConsent } from "@/components/firm-consent";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";

type Props = {
  /** The firm the code found; the dialog is open while there is one. */
  firmName: string | null;
  isPending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  /** Where focus goes when the dialog closes (after a failed join: the code field). */
  onCloseAutoFocus?: (event: Event) => void;
};

/** /join-firm: before joining, what the firm will see and never see; "Join {firm}" confirms (decision 047). */
export function JoinFirmConsentDialog({
  firmName,
  isPending,
  onConfirm,
  onCancel,
  onCloseAutoFocus,
}: Props) {
  return (
    <AlertDialog
      open={firmName !== null}
      onOpenChange={(open) => !open && !isPending && onCancel()}
    >
      <AlertDialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <AlertDialogHeader>
          <AlertDialogTitle className="wrap-anywhere">
            {FIRM_CONSENT_MSG.title(firmName ?? "")}
          </AlertDialogTitle>
          <AlertDialogDescription>
            Before you join, here is what the firm can and cannot see of your account.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <FirmConsent firmName={firmName ?? ""} />
        <AlertDialogFooter>
          <AlertDialogCancel asChild>
            <Button variant="outline" disabled={isPending}>
              Cancel
            </Button>
          </AlertDialogCancel>
          <Button disabled={isPending} onClick={onConfirm} className="wrap-anywhere">
            {isPending ? "Joining..." : FIRM_CONSENT_MSG.confirm(firmName ?? "")}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
