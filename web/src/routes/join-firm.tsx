import { useQueryClient } from "@tanstack/react-query";
import { Link, useSearchParams } from "react-router";
import { linkLook } from "@/components/looks";
import { PageHeader } from "@/components/page-header";
import { Card, CardContent } from "@/components/ui/card";
import { useMe } from "@/lib/me";
import { useJoinFirm } from "@/features/firm-codes/api/join-firm";
import { firmQueryKey } from "@/features/firms/api/get-firm";
import { AlreadyInFirm } from "@/features/firm-codes/components/already-in-firm";
import { JoinFirmForm } from "@/features/firm-codes/components/join-firm-form";
import { AcceptInvitation } from "@/features/invitations/components/accept-invitation";

/**
 * /join-firm (spec 01 §2, signed in): a client connects their vault to a law firm by its code.
 * Inside the app's frame, with the sidebar, like every other signed-in screen (issue 16, point 10).
 */
export default function JoinFirm() {
  const { data: me } = useMe();
  const qc = useQueryClient();
  const join = useJoinFirm(() => qc.invalidateQueries({ queryKey: firmQueryKey }));
  // an invitation e-mailed to an existing account (a client import, decision 094)
  const [search] = useSearchParams();
  const invitation = search.get("invitation");
  if (!me) return null; // RequireAuth renders this screen only with a user
  // Once this screen's own join succeeded, the user stays on the form until it has moved on.
  const firmName = join.isIdle && me.firmId ? (me.firmName ?? "a law firm") : null;
  return (
    <div className="mx-auto grid max-w-xl gap-6">
      <PageHeader
        title="Join a Law Firm"
        description={
          firmName || invitation
            ? undefined
            : "Enter the firm code your law firm gave you to connect your vault to the firm."
        }
      />
      <Card>
        <CardContent className="pt-6">
          {firmName ? (
            <AlreadyInFirm firmName={firmName} />
          ) : invitation ? (
            <AcceptInvitation email={me.email} code={invitation} />
          ) : (
            <>
              <JoinFirmForm join={join} />
              <div className="mt-6 flex flex-wrap items-center justify-between gap-3 text-sm">
                <Link to="/dashboard" className={linkLook}>
                  Skip for now
                </Link>
                <span className="text-muted-foreground">
                  A law firm?{" "}
                  {/* /firm-register sends a signed-in person to /dashboard: /firm/new is theirs (decision 034) */}
                  <Link to="/firm/new" className={linkLook}>
                    Register your firm
                  </Link>
                </span>
              </div>
            </>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
