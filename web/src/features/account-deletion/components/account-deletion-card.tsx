import { ACCOUNT_DELETION_GRACE_DAYS, ACCOUNT_DELETION_MSG } from "@common/account-deletion";
import { useEffect, useRef, useState } from "react";
import { LoadError } from "@/components/load-error";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "@/components/ui/card";
import { errorMessage } from "@/lib/api-client";
import { formatDateTime } from "@/lib/format";
import { toast } from "@/lib/toast";
import { useAccountDeletion } from "../api/get-account-deletion";
import { useDeleteAccountDeletion } from "../api/delete-account-deletion";
import { DeleteAccountDialog } from "./delete-account-dialog";

/**
 * The profile's "Delete account" (decision 042): the button that opens the confirm dialog, or,
 * while a deletion is pending, when it happens and the button that cancels it.
 */
export function AccountDeletionCard({ email }: { email: string }) {
  const deletion = useAccountDeletion();
  const cancel = useDeleteAccountDeletion();
  const [isDialogOpen, setIsDialogOpen] = useState(false);
  const pending = deletion.data?.pending;
  // Requesting or cancelling swaps one button for the other: focus goes to the one that appears.
  const buttonRef = useRef<HTMLButtonElement>(null);
  const isFocusDue = useRef(false);
  const hasPending = !!pending;
  useEffect(() => {
    if (!isFocusDue.current) return;
    isFocusDue.current = false;
    buttonRef.current?.focus();
  }, [hasPending]);
  const onCancel = () => {
    isFocusDue.current = true;
    cancel.mutate(undefined, {
      onSuccess: () => toast.success(ACCOUNT_DELETION_MSG.cancelled),
      onError: () => {
        isFocusDue.current = false;
      },
    });
  };

  return (
    <Card id="delete-account" aria-labelledby="delete-account-title" className="scroll-mt-20">
      <CardHeader>
        <h2 id="delete-account-title" className="text-lg font-semibold">
          Delete account
        </h2>
        <CardDescription>
          Your account, your vault and everything in it are erased {ACCOUNT_DELETION_GRACE_DAYS}{" "}
          days after you ask. Until then you can change your mind.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {deletion.isError ? (
          <LoadError onRetry={() => void deletion.refetch()} isRetrying={deletion.isFetching}>
            {errorMessage(deletion.error, ACCOUNT_DELETION_MSG.loadFailed)}
          </LoadError>
        ) : pending ? (
          <>
            <Alert variant="warning">
              <AlertDescription>
                Your account will be deleted on{" "}
                <time dateTime={pending.eraseAt} className="font-semibold">
                  {formatDateTime(pending.eraseAt)}
                </time>
                . Nothing is erased before then; cancel to keep your account as it is.
              </AlertDescription>
            </Alert>
            {cancel.isError && (
              <Alert variant="destructive">
                <AlertDescription>
                  {errorMessage(cancel.error, ACCOUNT_DELETION_MSG.cancelFailed)}
                </AlertDescription>
              </Alert>
            )}
            <Button
              ref={buttonRef}
              type="button"
              className="w-fit"
              disabled={cancel.isPending}
              onClick={onCancel}
            >
              {cancel.isPending ? "Cancelling..." : "Cancel deletion"}
            </Button>
          </>
        ) : (
          <Button
            ref={buttonRef}
            type="button"
            variant="destructive"
            className="w-fit"
            disabled={deletion.isPending}
            onClick={() => setIsDialogOpen(true)}
          >
            Delete account
          </Button>
        )}
        <DeleteAccountDialog
          email={email}
          isOpen={isDialogOpen}
          onClose={() => setIsDialogOpen(false)}
          onCloseAutoFocus={(event) => {
            if (!hasPending) return; // back to "Delete account", as usual
            event.preventDefault();
            buttonRef.current?.focus();
          }}
        />
      </CardContent>
    </Card>
  );
}
