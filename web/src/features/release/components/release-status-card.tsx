import { ACCESS_DAYS, type ReleasePlanView, type ReleaseState } from "@common/release";
import { Hourglass } from "lucide-react";
import { useRef } from "react";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { formatDate, formatDateTime, formatDay } from "@/lib/format";
import { CancelReleaseButton } from "./cancel-release-button";

const STATE_LABELS: Record<ReleaseState, string> = {
  none: "Off",
  counting_down: "Counting down",
  waiting: "Waiting",
  released: "Released",
};

const DAY_MS = 24 * 60 * 60 * 1000;
const accessEnds = (releasedAt: string) =>
  new Date(new Date(releasedAt).getTime() + ACCESS_DAYS * DAY_MS);

/** What the waiting release is about: who attested what, or the inactivity. */
function reasonOf(view: ReleasePlanView): string {
  const r = view.release;
  if (!r) return "";
  if (r.trigger === "attestation") {
    const day = r.eventDate ? ` on ${formatDay(r.eventDate)}` : "";
    return `${r.attesterName ?? "Your law firm"} reported your death or incapacity${day}.`;
  }
  if (r.trigger === "verifiers")
    return "Enough of your verifiers confirmed a report of your death or incapacity.";
  return "You did not check in before your inactivity period ended.";
}

function StateText({ view }: { view: ReleasePlanView }) {
  const { plan, release } = view;
  switch (view.state) {
    case "none":
      return (
        <p>
          The inactivity trigger is off. A release can then only start if a law firm you work with
          reports your death or incapacity, and you would still be e-mailed and able to cancel it.
        </p>
      );
    case "counting_down":
      if (view.escalation?.status === "open")
        return (
          <p>
            The inactivity trigger is on. You did not check in in time, so your verifiers are first
            asked to try to reach you. Nothing has been released.
          </p>
        );
      return (
        <p>
          The inactivity trigger is on. If you do not check in, the waiting period starts on{" "}
          <time className="font-semibold" dateTime={plan.inactivityEndsAt ?? undefined}>
            {plan.inactivityEndsAt ? formatDate(plan.inactivityEndsAt) : "a date not yet known"}
          </time>
          .
        </p>
      );
    case "waiting":
      return (
        <div className="grid gap-2 rounded-md border border-warning-border bg-warning-surface p-4 text-warning-text">
          <p className="font-semibold">
            Your items will be released on{" "}
            <time dateTime={release?.releaseAt}>
              {release ? formatDateTime(release.releaseAt) : ""}
            </time>{" "}
            unless you cancel.
          </p>
          <p>{reasonOf(view)}</p>
        </div>
      );
    case "released":
      return release?.releasedAt ? (
        <p>
          Released on <time dateTime={release.releasedAt}>{formatDate(release.releasedAt)}</time>.
          Each beneficiary was e-mailed and can open the items left to them until{" "}
          {formatDate(accessEnds(release.releasedAt))}.
        </p>
      ) : (
        <p>Your items were released to your beneficiaries.</p>
      );
  }
}

/** The release's current state, announced when it changes; while a release waits, the way to cancel it. */
export function ReleaseStatusCard({ view }: { view: ReleasePlanView }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const { plan, release } = view;
  return (
    <Card>
      <CardHeader className="pb-2">
        <h2
          ref={headingRef}
          tabIndex={-1}
          className="flex flex-wrap items-center gap-2 text-lg font-semibold focus:outline-none"
        >
          <Hourglass aria-hidden="true" className="size-5 text-brand" /> Status{" "}
          <Badge data-testid="release-state">{STATE_LABELS[view.state]}</Badge>
        </h2>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div aria-live="polite" className="grid gap-2">
          <StateText view={view} />
          {view.state !== "waiting" && release?.status === "cancelled" && release.cancelledAt && (
            <p className="text-sm text-muted-foreground">
              The last release was cancelled on{" "}
              <time dateTime={release.cancelledAt}>{formatDate(release.cancelledAt)}</time>. Nothing
              was released.
            </p>
          )}
          <p className="text-sm text-muted-foreground">
            Last check-in:{" "}
            <time dateTime={plan.lastCheckInAt}>{formatDateTime(plan.lastCheckInAt)}</time>
          </p>
        </div>
        <CancelReleaseButton
          isWaiting={view.state === "waiting"}
          onGone={() => headingRef.current?.focus()}
        />
      </CardContent>
    </Card>
  );
}
