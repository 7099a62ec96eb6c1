import { CLIENT_MSG } from "@common/clients";
import { NotebookPen, Pencil } from "lucide-react";
import { Link } from "react-router";
import { LoadError } from "@/components/load-error";
import { Loading } from "@/components/loading";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardHeading } from "@/components/ui/card";
import { errorMessage } from "@/lib/api-client";
import { formatDate } from "@/lib/format";
import { useEditsClients } from "@/lib/me";
import { useClientFirmDetails } from "../api/get-client-firm-details";

/** The client detail's card of the firm's private Reference and Notes about them, and the link to /clients/edit/{id}. */
export function ClientFirmDetailsCard({
  clientId,
  clientName,
}: {
  clientId: string;
  clientName: string;
}) {
  const found = useClientFirmDetails(clientId);
  const editsClients = useEditsClients();
  const details = found.data?.details;
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-2">
        <div className="grid gap-1">
          <CardHeading icon={NotebookPen}>{CLIENT_MSG.firmNotesTitle}</CardHeading>
          <CardDescription>{CLIENT_MSG.firmNotesDescription(clientName)}</CardDescription>
        </div>
        {editsClients && (
          <Button asChild variant="outline" size="sm">
            <Link to={`/clients/edit/${encodeURIComponent(clientId)}`}>
              <Pencil aria-hidden="true" /> Edit client
            </Link>
          </Button>
        )}
      </CardHeader>
      <CardContent>
        {found.isError ? (
          <LoadError onRetry={() => void found.refetch()}>
            {errorMessage(found.error, CLIENT_MSG.detailsLoadFailed)}
          </LoadError>
        ) : !details ? (
          <Loading variant="detail" />
        ) : !details.reference && !details.notes ? (
          <p className="text-muted-foreground">{CLIENT_MSG.noDetails}</p>
        ) : (
          <dl className="grid gap-4 sm:grid-cols-[10rem_1fr]">
            <div className="grid gap-1 sm:col-span-2 sm:grid-cols-subgrid">
              <dt className="text-sm font-medium text-muted-foreground">Reference</dt>
              <dd className="wrap-anywhere">{details.reference ?? "—"}</dd>
            </div>
            <div className="grid gap-1 sm:col-span-2 sm:grid-cols-subgrid">
              <dt className="text-sm font-medium text-muted-foreground">Notes</dt>
              <dd className="wrap-anywhere whitespace-pre-line">{details.notes ?? "—"}</dd>
            </div>
            {details.updatedAt && (
              <div className="grid gap-1 sm:col-span-2 sm:grid-cols-subgrid">
                <dt className="text-sm font-medium text-muted-foreground">Last updated</dt>
                <dd>{formatDate(details.updatedAt)}</dd>
              </div>
            )}
          </dl>
        )}
      </CardContent>
    </Card>
  );
}
