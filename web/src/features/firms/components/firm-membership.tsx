import { FIRM_LEAVE_MSG } from "@common/firm-membership";
import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { ConfirmActionDialog } from "@/components/ui/confirm-action-dialog";
import { errorMessage } from "@/lib/api-client";
import type { Me } from "@/lib/me";
import { toast } from "@/lib/toast";
import { useLeaveFirm } from "../api/leave-firm";

/**
 * The profile's "Your law firm" for a client (decision 047): leave the firm (asked first), or,
 * without one, the way to join one. After leaving, focus goes to "Join a firm", which takes the
 * place of the button.
 */
export function FirmMembership({ me }: { me: Me }) {
  const leave = useLeaveFirm();
  const [isConfirming, setIsConfirming] = useState(false);
  const [hasLeft, setHasLeft] = useState(false);
  const joinRef = useRef<HTMLAnchorElement>(null);
  const firmName = me.firmName ?? "your law firm";

  useEffect(() => {
    if (hasLeft && !me.firmId) joinRef.current?.focus();
  }, [hasLeft, me.firmId]);

  const onConfirm = async () => {
    try {
      const firm = await leave.mutateAsync();
      toast.success(FIRM_LEAVE_MSG.success(firm.name));
      setHasLeft(true);
      setIsConfirming(false);
      leave.reset();
    } catch {
      // the dialog stays open and says why (failure below)
    }
  };

  if (!me.firmId)
    return (
      <Button asChild variant="outline">
        <Link ref={joinRef} to="/join-firm">
          {FIRM_LEAVE_MSG.joinLink}
        </Link>
      </Button>
    );
  return (
    <>
      <Button type="button" variant="outline" onClick={() => setIsConfirming(true)}>
        {FIRM_LEAVE_MSG.button}
      </Button>
      <ConfirmActionDialog
        isOpen={isConfirming}
        title={FIRM_LEAVE_MSG.title(firmName)}
        description={FIRM_LEAVE_MSG.text(firmName)}
        confirmLabel={FIRM_LEAVE_MSG.confirm}
        pendingLabel={FIRM_LEAVE_MSG.pending}
        isPending={leave.isPending}
        failure={leave.isError ? errorMessage(leave.error, FIRM_LEAVE_MSG.failure) : undefined}
        onConfirm={() => void onConfirm()}
        onCancel={() => {
          leave.reset();
          setIsConfirming(false);
        }}
        onCloseAutoFocus={(event) => hasLeft && event.preventDefault()}
      />
    </>
  );
}
