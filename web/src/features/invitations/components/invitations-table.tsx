import type { PendingInvitationView } from "@common/invitations";
import { Ban } from "lucide-react";
import { useRef, useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
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
import { TruncatedText } from "@/components/truncated-text";
import { formatDate } from "@/lib/format";
import { INVITED_ROLE_LABEL } from "../role-choices";
import { ResendInvitationButton } from "./resend-invitation-button";
import { RevokeInvitationDialog } from "./revoke-invitation-dialog";

const When = ({ iso }: { iso: string }) => (
  <time dateTime={iso} className="whitespace-nowrap">
    {formatDate(iso)}
  </time>
);

type Props = { invitations: PendingInvitationView[]; onRevoked: () => void };

/**
 * Email, Role, Sent, Expires and Actions. Below 640 px each row is a card, so the table fits a
 * 360 px screen.
 */
export function InvitationsTable({ invitations, onRevoked }: Props) {
  const [target, setTarget] = useState<PendingInvitationView | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  const isRevoked = useRef(false);

  // A revoked invitation's row goes away: focus then moves to the list's heading (`onRevoked`).
  const onCloseAutoFocus = (event: Event) => {
    event.preventDefault();
    if (isRevoked.current) onRevoked();
    else opener.current?.focus();
    isRevoked.current = false;
  };

  return (
    <>
      <Table className={CARDS_BELOW_SM}>
        <TableCaption className="sr-only">Pending invitations, newest first</TableCaption>
        <TableHeader>
          <TableRow>
            <TableHead scope="col">Email</TableHead>
            <TableHead scope="col">Role</TableHead>
            <TableHead scope="col">Sent</TableHead>
            <TableHead scope="col">Expires</TableHead>
            <TableHead scope="col" className="text-right">
              Actions
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {invitations.map((inv) => (
            <TableRow key={inv.id}>
              <TableCell className="font-medium">
                <TruncatedText text={inv.email} />
              </TableCell>
              <TableCell data-label="Role">
                <Badge>{INVITED_ROLE_LABEL[inv.role]}</Badge>
              </TableCell>
              <TableCell data-label="Sent">
                <When iso={inv.sentAt} />
              </TableCell>
              <TableCell data-label="Expires">
                <When iso={inv.expiresAt} />
              </TableCell>
              <TableCell>
                <div className="flex flex-wrap items-center justify-end gap-1 max-sm:justify-start">
                  <ResendInvitationButton invitation={inv} />
                  <Button
                    variant="outline"
                    size="sm"
                    className="text-destructive"
                    onClick={(e) => {
                      opener.current = e.currentTarget;
                      setTarget(inv);
                    }}
                  >
                    <Ban aria-hidden="true" />
                    Revoke<span className="sr-only"> invitation to {inv.email}</span>
                  </Button>
                </div>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <RevokeInvitationDialog
        invitation={target}
        onClose={(revoked) => {
          isRevoked.current = revoked;
          setTarget(null);
        }}
        onCloseAutoFocus={onCloseAutoFocus}
      />
    </>
  );
}
