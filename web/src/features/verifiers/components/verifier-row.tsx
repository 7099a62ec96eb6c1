import { VERIFIER_MSG, type VerifierView } from "@common/verifiers";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ConfirmActionDialog } from "@/components/ui/confirm-action-dialog";
import { errorMessage } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { useRemoveVerifier } from "../api/remove-verifier";
import { useResendInvitation } from "../api/resend-invitation";
import { verifierStateText } from "../verifier-words";

const STATUS_WORD = { invited: "Invited", accepted: "Accepted", declined: "Declined" } as const;

/** One verifier: who, their state in words, and what the owner can do (resend until accepted; remove). */
export function VerifierRow({ verifier }: { verifier: VerifierView }) {
  const remove = useRemoveVerifier();
  const resend = useResendInvitation();
  const [isConfirming, setConfirming] = useState(false);
  const who = verifier.kind === "firm" ? `${verifier.name} (your firm)` : verifier.name;

  return (
    <li className="grid gap-3 py-4 sm:grid-cols-[1fr_auto] sm:items-center" data-testid="verifier">
      <div className="grid min-w-0 gap-1">
        <p className="flex flex-wrap items-center gap-2 font-medium">
          <span className="wrap-anywhere">{who}</span>
          <Badge variant={verifier.status === "accepted" ? "success" : "default"}>
            {STATUS_WORD[verifier.status]}
          </Badge>
        </p>
        {verifier.email && (
          <p className="text-sm wrap-anywhere text-muted-foreground">{verifier.email}</p>
        )}
        <p className="text-sm" data-testid="verifier-state">
          {verifierStateText(verifier)}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        {verifier.status !== "accepted" && !verifier.isFormerFirm && (
          <Button
            type="button"
            variant="outline"
            size="sm"
            disabled={resend.isPending}
            aria-label={`Send again to ${verifier.name}`}
            onClick={() =>
              resend.mutate(verifier.id, {
                onSuccess: () => toast.success(VERIFIER_MSG.invitationResent),
                onError: (err) => toast.error(errorMessage(err, VERIFIER_MSG.resendFailed)),
              })
            }
          >
            {resend.isPending ? "Sending..." : "Send again"}
          </Button>
        )}
        <Button
          type="button"
          variant="outline"
          size="sm"
          aria-label={`Remove ${verifier.name}`}
          onClick={() => setConfirming(true)}
        >
          Remove
        </Button>
      </div>
      <ConfirmActionDialog
        isOpen={isConfirming}
        title={`Remove ${verifier.name}?`}
        description="They will no longer be a verifier, and the links we sent them stop working. You can invite them again later."
        confirmLabel="Remove"
        pendingLabel="Removing..."
        isPending={remove.isPending}
        failure={remove.error ? errorMessage(remove.error, VERIFIER_MSG.removeFailed) : undefined}
        onConfirm={() =>
          remove.mutate(verifier.id, {
            onSuccess: () => {
              setConfirming(false);
              toast.success(`${verifier.name} is no longer a verifier`);
            },
          })
        }
        onCancel={() => {
          remove.reset();
          setConfirming(false);
        }}
      />
    </li>
  );
}
