import { EMAIL_CHANGE_MSG, fillEmail } from "@common/email-change";
import { useEffect, useRef, useState } from "react";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { useFocusOnReturn } from "@/lib/use-focus-on-return";
import { useDeleteEmailChange } from "../api/delete-email-change";
import { useEmailChange } from "../api/get-email-change";
import { EmailChangeForm } from "./email-change-form";

/**
 * The profile's "E-mail address": the current address with "Change e-mail address" beside it,
 * and the change form on request (focus moves into it; it closes on Cancel, focus returning). A
 * change waiting for its link is shown (after a reload too: GET /api/email-change) with a way to
 * cancel it; right after a request, it says where the link went.
 */
export function EmailChangeSection({ email }: { email: string }) {
  const [isOpen, setIsOpen] = useState(false);
  const [sentTo, setSentTo] = useState<string>();
  const pending = useEmailChange().data?.pending ?? null;
  const cancelChange = useDeleteEmailChange();
  const { ref: triggerRef, returnFocus } = useFocusOnReturn();
  const sentRef = useRef<HTMLDivElement>(null);
  const changeRef = useRef<HTMLButtonElement | null>(null);
  useEffect(() => {
    if (sentTo) sentRef.current?.focus();
  }, [sentTo]);
  const open = () => {
    setSentTo(undefined);
    setIsOpen(true);
  };
  const cancel = () => {
    returnFocus();
    setIsOpen(false);
  };
  const cancelPending = () =>
    cancelChange.mutate(undefined, {
      onSuccess: () => {
        setSentTo(undefined);
        toast.success(EMAIL_CHANGE_MSG.cancelled);
        // The cancel button goes: focus moves to "Change e-mail address", which stays.
        changeRef.current?.focus();
      },
      onError: (err) => toast.error(errorMessage(err, EMAIL_CHANGE_MSG.cancelFailed)),
    });
  const waiting = pending && !isOpen;
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-3">
        <p className="min-w-0 text-sm">
          You sign in with <strong className="break-all">{email}</strong>.
        </p>
        {!isOpen && (
          <Button
            ref={(el) => {
              changeRef.current = el;
              triggerRef(el);
            }}
            type="button"
            variant="outline"
            onClick={open}
          >
            Change e-mail address
          </Button>
        )}
      </div>
      <div ref={sentRef} tabIndex={-1} aria-live="polite" className="focus:outline-none">
        {sentTo ? (
          <Alert variant="success">
            <AlertDescription className="wrap-anywhere">
              {fillEmail(EMAIL_CHANGE_MSG.requested, sentTo)}
            </AlertDescription>
          </Alert>
        ) : (
          waiting && (
            <Alert variant="info">
              <AlertDescription className="wrap-anywhere">
                {fillEmail(EMAIL_CHANGE_MSG.pending, pending.newEmail)}
              </AlertDescription>
            </Alert>
          )
        )}
      </div>
      {isOpen ? (
        <EmailChangeForm
          email={email}
          onCancel={cancel}
          onSent={(to) => {
            setIsOpen(false);
            setSentTo(to);
          }}
        />
      ) : (
        waiting && (
          <Button
            type="button"
            variant="outline"
            className="w-fit"
            onClick={cancelPending}
            disabled={cancelChange.isPending}
          >
            {cancelChange.isPending ? "Cancelling..." : "Cancel the change"}
          </Button>
        )
      )}
    </div>
  );
}
