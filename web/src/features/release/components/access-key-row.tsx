import type { BeneficiaryKeyView } from "@common/keys";
import { lazy, Suspense, useRef, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ConfirmActionDialog } from "@/components/ui/confirm-action-dialog";
import { keyState } from "@/lib/keys/pending-items";
import type { ReissueProgress } from "@/lib/keys/reissue";
import { useEscrowKey, useReissueKey } from "@/lib/keys/use-key-actions";
import { errorMessage } from "@/lib/api-client";
import { formatCount, formatDate } from "@/lib/format";
import { toast } from "@/lib/toast";

// The dialog draws a QR code: its code loads when the owner first opens it, not with the page.
const AccessKeyDialog = lazy(() => import("./access-key-dialog"));

type Confirming = "escrow" | "reissue" | undefined;

const itemsText = (n: number) => formatCount(n, "item");
const stillPreparingText = (n: number) =>
  `${itemsText(n)} still being prepared — sign in again to finish. Until then they do not open at a release.`;

/** How far a re-issue got, said in its dialog while it runs. */
function reissueStatus(progress: ReissueProgress | undefined): string {
  if (!progress || progress.phase === "key") return "Making a new key...";
  if (progress.phase === "items")
    return `Preparing ${itemsText(progress.total)} for the new key: ${formatCount(progress.done)} of ${formatCount(progress.total)}.`;
  return `${itemsText(progress.count)} still being prepared — keep this page open or sign in again to finish. Trying again...`;
}

/** One beneficiary address on the plan page: its key's state, and showing, escrowing or re-issuing it. */
export function AccessKeyRow({
  accessKey: key,
  name,
  pendingCount,
}: {
  accessKey: BeneficiaryKeyView;
  name: string | undefined;
  /** Items of this address still to wrap with this key (right after a re-issue, or after a failure). */
  pendingCount: number;
}) {
  const [isShowing, setShowing] = useState(false);
  const [confirming, setConfirming] = useState<Confirming>();
  const [failure, setFailure] = useState<string>();
  const showButton = useRef<HTMLButtonElement>(null);
  const escrow = useEscrowKey();
  const reissue = useReissueKey();
  const state = keyState(key);
  const who = name ? `${name} (${key.email})` : key.email;
  const count =
    itemsText(key.itemCount) +
    (pendingCount > 0 ? ` (${formatCount(pendingCount)} being prepared)` : "");

  const close = () => {
    setConfirming(undefined);
    setFailure(undefined);
  };
  const onConfirm = async () => {
    setFailure(undefined);
    try {
      if (confirming === "escrow") {
        await escrow.mutateAsync(key);
        toast.success(`The service now holds the access key for ${key.email}.`);
      } else {
        const { remaining } = await reissue.mutateAsync(key);
        if (remaining === 0)
          toast.success(`New access key made for ${key.email}. Give it to them.`);
        else
          toast.warning(`New access key made for ${key.email}. ${stillPreparingText(remaining)}`);
      }
      setConfirming(undefined);
    } catch (err) {
      setFailure(errorMessage(err, "That did not work. Nothing was changed; try again."));
    }
  };

  return (
    <li className="grid gap-2 py-3 text-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-medium wrap-anywhere">{who}</span>
        <span className="text-muted-foreground">{count}</span>
      </div>
      {state === "handed-over" && key.handedOverAt && (
        <p>
          <Badge variant="success">Handed over on {formatDate(key.handedOverAt)}</Badge>
        </p>
      )}
      {state === "not-handed-over" && (
        <p>
          <Badge>Not handed over yet</Badge>{" "}
          <span className="text-muted-foreground">
            Nothing opens for them at a release until they have it.
          </span>
        </p>
      )}
      {state === "escrow" && (
        <p>
          <Badge>Held by the service</Badge>{" "}
          <span className="text-muted-foreground">
            A release opens their items with the e-mailed code alone.
          </span>
        </p>
      )}
      {!reissue.isPending && reissue.stillPreparing > 0 && pendingCount > 0 && (
        <Alert variant="warning">{stillPreparingText(pendingCount)}</Alert>
      )}
      <div className="flex flex-wrap gap-2">
        <Button ref={showButton} size="sm" variant="outline" onClick={() => setShowing(true)}>
          Show access key
        </Button>
        {state !== "escrow" && (
          <Button size="sm" variant="outline" onClick={() => setConfirming("escrow")}>
            Let the service hold it
          </Button>
        )}
        <Button size="sm" variant="outline" onClick={() => setConfirming("reissue")}>
          {state === "escrow" ? "Stop the service holding it" : "Re-issue"}
        </Button>
      </div>
      {isShowing && (
        <Suspense fallback={null}>
          <AccessKeyDialog accessKey={key} name={name} onClose={() => setShowing(false)} />
        </Suspense>
      )}
      <ConfirmActionDialog
        isOpen={confirming === "escrow"}
        title={`Let the service hold the access key for ${key.email}?`}
        description="You will not need to hand over the access key: at a release, the code we e-mail them is enough. But whoever runs the service could then open these items too."
        confirmLabel="Let the service hold it"
        pendingLabel="Saving..."
        isPending={escrow.isPending}
        failure={failure}
        onConfirm={() => void onConfirm()}
        onCancel={close}
        onCloseAutoFocus={(event) => {
          // Once the service holds the key, the button that opened this dialog is gone.
          event.preventDefault();
          showButton.current?.focus();
        }}
      />
      <ConfirmActionDialog
        isOpen={confirming === "reissue"}
        title={
          state === "escrow"
            ? `Stop the service holding the access key for ${key.email}?`
            : `Re-issue the access key for ${key.email}?`
        }
        description={
          state === "escrow"
            ? "We make a new access key that only you hold, and the service's copy opens nothing any more. Nothing opens for them at a release until you give them the new one."
            : "The access key you gave before stops working. Nothing opens for them at a release until you give them the new one."
        }
        confirmLabel={state === "escrow" ? "Stop the service holding it" : "Re-issue"}
        pendingLabel="Making a new key..."
        isPending={reissue.isPending}
        failure={failure}
        onConfirm={() => void onConfirm()}
        onCancel={close}
      >
        {reissue.isPending && (
          <p role="status" className="text-sm">
            {reissueStatus(reissue.progress)}
          </p>
        )}
      </ConfirmActionDialog>
    </li>
  );
}
