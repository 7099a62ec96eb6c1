import { PASSKEY_MSG, type PasskeyView } from "@common/passkeys";
import { useRef, useState } from "react";
import { LoadError } from "@/components/load-error";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "@/components/ui/card";
import { ConfirmActionDialog } from "@/components/ui/confirm-action-dialog";
import { errorMessage } from "@/lib/api-client";
import { formatDate } from "@/lib/format";
import { toast } from "@/lib/toast";
import { useFocusOnReturn } from "@/lib/use-focus-on-return";
import { useDeletePasskey } from "../api/delete-passkey";
import { usePasskeys } from "../api/list-passkeys";
import { AddPasskeyForm } from "./add-passkey-form";
import { RenamePasskeyForm } from "./rename-passkey-form";

/**
 * "Passkeys" on /profile (decision 056): the account's passkeys (name, when added), add one
 * (name and password, then the device), rename one, remove one after a confirmation. A passkey
 * signs in; the vault still asks for the password.
 */
export function PasskeysCard({ email }: { email: string }) {
  const passkeys = usePasskeys();
  const remove = useDeletePasskey();
  const [isAdding, setIsAdding] = useState(false);
  const [renaming, setRenaming] = useState<string>();
  const [removing, setRemoving] = useState<PasskeyView>();
  const [failure, setFailure] = useState<string>();
  const { ref: addRef, returnFocus } = useFocusOnReturn();
  const { ref: renameRef, returnFocus: returnRenameFocus } = useFocusOnReturn();
  const [lastRenamed, setLastRenamed] = useState<string>();
  const addButton = useRef<HTMLButtonElement | null>(null);
  const wasRemoved = useRef(false);
  const list = passkeys.data?.passkeys ?? [];

  const closeRemove = () => {
    setRemoving(undefined);
    setFailure(undefined);
  };
  const confirmRemove = () => {
    if (!removing) return;
    setFailure(undefined);
    remove.mutate(removing.id, {
      onSuccess: () => {
        toast.success(PASSKEY_MSG.removed);
        wasRemoved.current = true;
        closeRemove();
      },
      onError: (err) =>
        setFailure(errorMessage(err, "The passkey was not removed. Please try again.")),
    });
  };

  return (
    <Card id="passkeys" aria-labelledby="passkeys-title" className="scroll-mt-20">
      <CardHeader>
        <h3 id="passkeys-title" className="text-lg font-semibold">
          {PASSKEY_MSG.cardTitle}
        </h3>
        <CardDescription>{PASSKEY_MSG.cardDescription}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {passkeys.isPending ? (
          <p role="status" className="text-muted-foreground">
            Loading passkeys...
          </p>
        ) : passkeys.isError ? (
          <LoadError onRetry={() => void passkeys.refetch()} isRetrying={passkeys.isFetching}>
            {errorMessage(passkeys.error, "Could not load your passkeys.")}
          </LoadError>
        ) : list.length === 0 ? (
          <p className="text-sm text-muted-foreground">{PASSKEY_MSG.none}</p>
        ) : (
          <ul className="divide-y divide-border" aria-label={PASSKEY_MSG.cardTitle}>
            {list.map((p) => (
              <li
                key={p.id}
                className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center sm:justify-between"
              >
                {renaming === p.id ? (
                  <RenamePasskeyForm
                    passkey={p}
                    onDone={() => {
                      returnRenameFocus(); // back on this row's Rename button
                      setLastRenamed(p.id);
                      setRenaming(undefined);
                    }}
                  />
                ) : (
                  <>
                    <div className="grid min-w-0 gap-1">
                      <p className="font-medium break-words">{p.name}</p>
                      <p className="text-sm text-muted-foreground">
                        Added {formatDate(p.createdAt)}
                      </p>
                    </div>
                    <div className="flex flex-wrap gap-2">
                      <Button
                        ref={p.id === lastRenamed ? renameRef : undefined}
                        variant="outline"
                        size="sm"
                        onClick={() => setRenaming(p.id)}
                      >
                        Rename<span className="sr-only"> {p.name}</span>
                      </Button>
                      <Button variant="outline" size="sm" onClick={() => setRemoving(p)}>
                        Remove<span className="sr-only"> {p.name}</span>
                      </Button>
                    </div>
                  </>
                )}
              </li>
            ))}
          </ul>
        )}
        {isAdding ? (
          <AddPasskeyForm
            email={email}
            onDone={() => {
              returnFocus();
              setIsAdding(false);
            }}
          />
        ) : (
          <Button
            ref={(el) => {
              addButton.current = el;
              addRef(el);
            }}
            type="button"
            className="w-fit"
            onClick={() => setIsAdding(true)}
          >
            {PASSKEY_MSG.add}
          </Button>
        )}
      </CardContent>
      <ConfirmActionDialog
        isOpen={removing !== undefined}
        title="Remove this passkey?"
        description={removing ? PASSKEY_MSG.removeConfirm(removing.name) : ""}
        confirmLabel="Remove passkey"
        pendingLabel="Removing..."
        isPending={remove.isPending}
        failure={failure}
        onConfirm={confirmRemove}
        onCancel={closeRemove}
        onCloseAutoFocus={(event) => {
          if (!wasRemoved.current) return; // cancelled: back to the row's Remove button
          wasRemoved.current = false;
          event.preventDefault(); // the row is gone: focus the card's own action
          addButton.current?.focus();
        }}
      />
    </Card>
  );
}
