import { RELEASE_UI_MSG, type ClientReleaseView, type ReleaseState } from "@common/release";
import { Hourglass } from "lucide-react";
import { useId, useRef } from "react";
import { Link } from "react-router";
import { LoadError } from "@/components/load-error";
import { linkLook } from "@/components/looks";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { errorMessage } from "@/lib/api-client";
import { formatDate, formatDateTime, formatDay } from "@/lib/format";
import { useClientRelease } from "../api/get-client-release";
import { StartReleaseDialog } from "./start-release-dialog";

const STATE_LABELS: Record<ReleaseState, string> = {
  none: "None",
  counting_down: "Inactivity trigger on",
  waiting: "Waiting",
  released: "Released",
};

function StateText({ view, clientName }: { view: ClientReleaseView; clientName: string }) {
  const r = view.release;
  if (view.state === "waiting" && r) {
    const by =
      r.trigger === "attestation"
        ? `${r.attesterName ?? "The firm"} attested a death or incapacity${r.eventDate ? ` on ${formatDay(r.eventDate)}` : ""}`
        : r.trigger === "verifiers"
          ? `${clientName}'s verifiers confirmed a report of a death or incapacity`
          : `${clientName} did not check in`;
    return (
      <p>
        {by}. The release happens on{" "}
        <time dateTime={r.releaseAt}>{formatDateTime(r.releaseAt)}</time> unless {clientName}{" "}
        cancels it.
      </p>
    );
  }
  if (view.state === "released" && r?.releasedAt) {
    return (
      <p>
        Released on <time dateTime={r.releasedAt}>{formatDate(r.releasedAt)}</time>. Each
        beneficiary was e-mailed.
      </p>
    );
  }
  const last =
    r?.status === "cancelled" && r.cancelledAt
      ? ` The last release was cancelled on ${formatDate(r.cancelledAt)}.`
      : "";
  const trigger =
    view.state === "counting_down" ? `${clientName} has an inactivity trigger on.` : "";
  return <p>{`No release has been started. ${trigger}${last}`.trim()}</p>;
}

/**
 * The client's release, the last section of their detail page; a firm admin may start one
 * (attestation) while none waits or has happened, after reading what that means.
 */
export function ClientReleaseCard({
  clientId,
  clientName,
  defaultAttester,
}: {
  clientId: string;
  clientName: string;
  defaultAttester: string;
}) {
  const release = useClientRelease(clientId);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const headingId = useId();
  const view = release.data;
  return (
    <Card role="region" aria-labelledby={headingId}>
      <CardHeader className="pb-2">
        <h2
          id={headingId}
          ref={headingRef}
          tabIndex={-1}
          className="flex flex-wrap items-center gap-2 text-lg font-semibold focus:outline-none"
        >
          <Hourglass aria-hidden="true" className="size-5 text-brand" /> Release
          {view && <Badge data-testid="client-release-state">{STATE_LABELS[view.state]}</Badge>}
        </h2>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div aria-live="polite">
          {view ? (
            <StateText view={view} clientName={clientName} />
          ) : release.isError ? (
            <LoadError onRetry={() => void release.refetch()}>
              {errorMessage(release.error, RELEASE_UI_MSG.clientLoadFailed)}
            </LoadError>
          ) : (
            <p className="text-muted-foreground">Loading...</p>
          )}
        </div>
        {view?.release?.hasDocument && (
          <a
            href={`/api/clients/${encodeURIComponent(clientId)}/release/document`}
            download
            className={linkLook}
          >
            Download the attestation document
          </a>
        )}
        {view?.canDownloadEvidence && (
          <p className="text-sm">
            <a
              href={`/api/clients/${encodeURIComponent(clientId)}/release-evidence`}
              download
              className={linkLook}
            >
              Download the release evidence (signed)
            </a>{" "}
            <span className="text-muted-foreground">
              · every step of this release, hash-chained;{" "}
              <Link to="/verify-evidence" className={linkLook}>
                check a file
              </Link>
            </span>
          </p>
        )}
        {view?.canAttest && (
          <p className="text-sm text-muted-foreground">
            {RELEASE_UI_MSG.startExplained(clientName)}
          </p>
        )}
        {view && (
          <StartReleaseDialog
            clientId={clientId}
            clientName={clientName}
            defaultAttester={defaultAttester}
            canAttest={view.canAttest}
            onGone={() => headingRef.current?.focus()}
          />
        )}
      </CardContent>
    </Card>
  );
}
