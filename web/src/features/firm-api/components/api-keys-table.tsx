import { API_MSG, API_SCOPE_LABELS, type ApiKeyView } from "@common/firm-api";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ConfirmActionDialog } from "@/components/ui/confirm-action-dialog";
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "@/components/ui/table";
import { CARDS_BELOW_SM } from "@/components/table-cards";
import { errorMessage } from "@/lib/api-client";
import { formatDate, formatDateTime } from "@/lib/format";
import { toast } from "@/lib/toast";
import { useRevokeApiKey } from "../api/revoke-api-key";

/** The firm's keys; below 640 px each row is a card (360 px without sideways scrolling). */
export function ApiKeysTable({ keys }: { keys: ApiKeyView[] }) {
  const [target, setTarget] = useState<ApiKeyView | null>(null);
  const revoke = useRevokeApiKey();

  const onConfirm = async () => {
    if (!target) return;
    try {
      await revoke.mutateAsync(target.id);
      toast.success(API_MSG.keyRevoked);
      setTarget(null);
    } catch {
      // the dialog stays open and shows revoke.error
    }
  };

  return (
    <>
      <Table className={CARDS_BELOW_SM}>
        <TableCaption className="sr-only">API keys, newest first</TableCaption>
        <TableHeader>
          <TableRow>
            <TableHead>Name</TableHead>
            <TableHead>Scopes</TableHead>
            <TableHead>Created</TableHead>
            <TableHead>Last used</TableHead>
            <TableHead className="text-right">Actions</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {keys.map((key) => (
            <TableRow key={key.id}>
              <TableCell className="font-medium wrap-anywhere">
                {key.name}
                {key.revokedAt && (
                  <Badge className="ml-2" variant="default">
                    Revoked
                  </Badge>
                )}
              </TableCell>
              <TableCell data-label="Scopes">
                <ul className="grid gap-1">
                  {key.scopes.map((s) => (
                    <li key={s}>{API_SCOPE_LABELS[s]}</li>
                  ))}
                </ul>
              </TableCell>
              <TableCell data-label="Created" className="whitespace-nowrap">
                {formatDate(key.createdAt)}
              </TableCell>
              <TableCell data-label="Last used" className="whitespace-nowrap">
                {key.lastUsedAt ? formatDateTime(key.lastUsedAt) : "Never"}
              </TableCell>
              <TableCell>
                <div className="flex justify-end max-sm:justify-start">
                  {!key.revokedAt && (
                    <Button variant="outline" size="sm" onClick={() => setTarget(key)}>
                      Revoke<span className="sr-only"> key {key.name}</span>
                    </Button>
                  )}
                </div>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <ConfirmActionDialog
        isOpen={!!target}
        title="Revoke this API key?"
        description={`"${target?.name ?? ""}" stops working at once. This cannot be undone.`}
        confirmLabel="Revoke Key"
        pendingLabel="Revoking..."
        isPending={revoke.isPending}
        failure={revoke.error ? errorMessage(revoke.error, "Could not revoke the key.") : undefined}
        onConfirm={() => void onConfirm()}
        onCancel={() => {
          revoke.reset();
          setTarget(null);
        }}
      />
    </>
  );
}
