import type { BeneficiaryKeyView } from "@common/keys";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useState } from "react";
import { createPortal } from "react-dom";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { copyToClipboard } from "@/lib/clipboard";
import { dataKeyQueryOptions } from "@/lib/keys/api/get-data-key";
import { VaultUnlockForm } from "@/components/keys/vault-unlock-form";
import { VaultLockedError } from "@/lib/keys/vault-unlock";
import { groupForReading } from "@/lib/keys/access-key-text";
import { revealAccessKey, useHandOverKey } from "@/lib/keys/use-key-actions";
import { errorMessage } from "@/lib/api-client";
import { formatDate } from "@/lib/format";
import { toast } from "@/lib/toast";
import { QrCode } from "@/components/qr-code";
import { AccessKeySheet } from "./access-key-sheet";

type Revealed = { link: string; text: string };

/**
 * "Access key for <email>": the link, the key as text, its QR code, a printable sheet, and
 * "I have given it to them". The access key is unwrapped when the dialog opens and kept only
 * while it is open (lazy-loaded: the QR code's code stays out of the page's first load).
 */
export default function AccessKeyDialog({
  accessKey: key,
  name,
  onClose,
}: {
  accessKey: BeneficiaryKeyView;
  name: string | undefined;
  onClose: () => void;
}) {
  const qc = useQueryClient();
  const [revealed, setRevealed] = useState<Revealed>();
  const [failure, setFailure] = useState<string>();
  const [isLocked, setIsLocked] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const handOver = useHandOverKey();
  const linkId = useId();
  const textId = useId();

  useEffect(() => {
    let isCurrent = true;
    void (async () => {
      try {
        const dataKey = await qc.fetchQuery(dataKeyQueryOptions());
        const shown = await revealAccessKey(dataKey, key, window.location.origin);
        if (isCurrent) setRevealed(shown);
      } catch (err) {
        if (!isCurrent) return;
        if (err instanceof VaultLockedError) setIsLocked(true);
        else setFailure(errorMessage(err, "The access key could not be opened. Try again."));
      }
    })();
    return () => {
      isCurrent = false;
    };
  }, [qc, key, attempt]);

  const onHandedOver = async () => {
    try {
      await handOver.mutateAsync(key);
      toast.success(`Noted: ${key.email} has their access key.`);
      onClose();
    } catch (err) {
      setFailure(errorMessage(err, "That could not be saved. Try again."));
    }
  };

  return (
    <Dialog open onOpenChange={(open) => !open && !handOver.isPending && onClose()}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle className="wrap-anywhere">Access key for {key.email}</DialogTitle>
          <DialogDescription>
            Give this to {name ?? key.email} yourself: as the link, the printed sheet or the QR
            code. It opens nothing until a release, and then only with a code we e-mail to this
            address.
          </DialogDescription>
        </DialogHeader>
        {failure && <Alert variant="destructive">{failure}</Alert>}
        {isLocked ? (
          <div className="grid gap-2">
            <p className="text-sm">
              This tab does not hold the key to your vault. Enter your password to open it.
            </p>
            <VaultUnlockForm
              onUnlocked={() => {
                setIsLocked(false);
                setAttempt((n) => n + 1);
              }}
            />
          </div>
        ) : !revealed ? (
          !failure && <p role="status">Opening the access key...</p>
        ) : (
          <>
            <div className="grid gap-2">
              <Label htmlFor={linkId}>Access key link</Label>
              <div className="flex flex-col gap-2 sm:flex-row">
                <Input
                  id={linkId}
                  readOnly
                  value={revealed.link}
                  className="font-mono text-xs"
                  onFocus={(e) => e.currentTarget.select()}
                />
                <Button
                  type="button"
                  variant="outline"
                  onClick={() => void copyToClipboard(revealed.link, "Link copied")}
                >
                  Copy link
                </Button>
              </div>
            </div>
            <div className="grid gap-1">
              <span id={textId} className="text-sm font-medium">
                Access key
              </span>
              <p
                aria-labelledby={textId}
                className="font-mono text-base tracking-wide break-words"
                data-testid="access-key-text"
              >
                {groupForReading(revealed.text)}
              </p>
            </div>
            <QrCode
              text={revealed.link}
              label={`QR code of the link for ${key.email}`}
              className="mx-auto size-48"
            />
            {createPortal(
              <AccessKeySheet
                email={key.email}
                name={name}
                link={revealed.link}
                text={groupForReading(revealed.text)}
              />,
              document.body,
            )}
          </>
        )}
        <DialogFooter>
          {key.handedOverAt && (
            <p className="text-sm text-muted-foreground sm:mr-auto sm:self-center">
              Handed over on {formatDate(key.handedOverAt)}
            </p>
          )}
          <Button
            type="button"
            variant="outline"
            disabled={!revealed}
            onClick={() => window.print()}
          >
            Print
          </Button>
          {!key.handedOverAt && (
            <Button
              type="button"
              disabled={!revealed || handOver.isPending}
              onClick={() => void onHandedOver()}
            >
              {handOver.isPending ? "Saving..." : "I have given it to them"}
            </Button>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
