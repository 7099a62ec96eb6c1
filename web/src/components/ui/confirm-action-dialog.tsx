import type { ReactNode } from "react";
import { Alert } from "./alert";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "./alert-dialog";
import { Button } from "./button";

type Props = {
  isOpen: boolean;
  title: ReactNode;
  description: ReactNode;
  /** Extra content under the description (e.g. the item concerned). */
  children?: ReactNode;
  confirmLabel: string;
  /** The button that closes without acting; "Cancel" unless that would be ambiguous (e.g. when the action itself cancels something). */
  cancelLabel?: string;
  pendingLabel: string;
  isPending: boolean;
  /** Why the last attempt failed; the dialog stays open and says so. */
  failure?: string;
  /** Confirming without a form; or, with `formId`, the confirm button submits that form (inside `children`: Enter submits too). */
  onConfirm?: () => void;
  formId?: string;
  /** Closing without confirming (Cancel, Escape); ignored while the action runs. */
  onCancel: () => void;
  /** Where focus goes when the dialog closes (the row it was opened from may be gone). */
  onCloseAutoFocus?: (event: Event) => void;
};

/** The one "are you sure?" dialog for destructive actions: asks first, shows progress and failure. */
export function ConfirmActionDialog({
  isOpen,
  title,
  description,
  children,
  confirmLabel,
  cancelLabel = "Cancel",
  pendingLabel,
  isPending,
  failure,
  onConfirm,
  formId,
  onCancel,
  onCloseAutoFocus,
}: Props) {
  const onOpenChange = (open: boolean) => {
    if (!open && !isPending) onCancel();
  };
  return (
    <AlertDialog open={isOpen} onOpenChange={onOpenChange}>
      <AlertDialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription className="wrap-anywhere">{description}</AlertDialogDescription>
        </AlertDialogHeader>
        {children}
        {failure && <Alert variant="destructive">{failure}</Alert>}
        <AlertDialogFooter>
          <AlertDialogCancel asChild>
            <Button variant="outline" disabled={isPending}>
              {cancelLabel}
            </Button>
          </AlertDialogCancel>
          <Button
            variant="destructive"
            disabled={isPending}
            {...(formId ? { type: "submit", form: formId } : { onClick: onConfirm })}
          >
            {isPending ? pendingLabel : confirmLabel}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
