import { INVITATION_MSG } from "@common/invitations";
import { Loading } from "@/components/loading";
import { MailClock } from "lucide-react";
import { useId, useRef } from "react";
import { LoadError } from "@/components/load-error";
import { Card, CardContent, CardDescription, CardHeader, CardHeading } from "@/components/ui/card";
import { errorMessage } from "@/lib/api-client";
import { useInvitations } from "../api/list-invitations";
import { InvitationsTable } from "./invitations-table";

/** The firm's pending invitations (firm_admin), with Resend and Revoke (issue 10, finding 11). */
export function PendingInvitations() {
  const list = useInvitations();
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const loadError = list.isError ? errorMessage(list.error, INVITATION_MSG.loadFailed) : undefined;

  return (
    <Card className="min-w-0" aria-labelledby={headingId} role="region">
      <CardHeader className="pb-2">
        <CardHeading icon={MailClock} id={headingId} ref={headingRef} tabIndex={-1}>
          {INVITATION_MSG.pendingTitle}
        </CardHeading>
        <CardDescription>{INVITATION_MSG.pendingDescription}</CardDescription>
      </CardHeader>
      <CardContent className="p-2 pt-0 sm:p-4 sm:pt-0">
        {list.isPending ? (
          <Loading variant="list" />
        ) : list.isError ? (
          <LoadError onRetry={() => void list.refetch()}>{loadError}</LoadError>
        ) : list.data.length === 0 ? (
          <p className="py-6 text-center text-muted-foreground">{INVITATION_MSG.noPending}</p>
        ) : (
          <InvitationsTable invitations={list.data} onRevoked={() => headingRef.current?.focus()} />
        )}
      </CardContent>
    </Card>
  );
}
