import { TASK_STATUSES, type TaskEventView, type TaskStatus } from "@common/executor-tasks";
import { History } from "lucide-react";
import { useState } from "react";
import { LoadError } from "@/components/load-error";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardHeading } from "@/components/ui/card";
import { errorMessage } from "@/lib/api-client";
import { formatDateTime, formatDay } from "@/lib/format";
import { useTimeline } from "../api/get-timeline";

/** The newest changes shown before "Show every change". */
const FIRST_SHOWN = 10;

/** One change in words: what was done, never a note's or a proof's content (the server has none). */
export function eventWords(e: Pick<TaskEventView, "kind" | "value">): string {
  switch (e.kind) {
    case "created":
      return "added the task";
    case "status":
      return `set it to ${TASK_STATUSES[e.value as TaskStatus] ?? e.value ?? "?"}`;
    case "due_date":
      return e.value ? `set it due ${formatDay(e.value)}` : "removed its due date";
    case "assignee":
      return e.value ? `assigned it to ${e.value}` : "took it back from its assignee";
    case "note":
      return "changed its note";
    case "proof_added":
      return "added a proof";
    case "proof_removed":
      return "removed a proof";
  }
}

/** "What changed": the estate's timeline, newest first (decision 099), the executor's only. */
export function TaskTimeline({
  ownerId,
  titleOf,
}: {
  ownerId: string;
  titleOf: (taskId: string) => string;
}) {
  const timeline = useTimeline(ownerId);
  const [isAll, setIsAll] = useState(false);
  const events = timeline.data?.events ?? [];
  const shown = isAll ? events : events.slice(0, FIRST_SHOWN);
  const headingId = `task-timeline-${ownerId}`;
  return (
    <Card role="region" aria-labelledby={headingId}>
      <CardHeader className="pb-2">
        <CardHeading id={headingId} icon={History}>
          What changed
        </CardHeading>
      </CardHeader>
      <CardContent className="grid gap-3">
        {timeline.error ? (
          <LoadError onRetry={() => void timeline.refetch()}>
            {errorMessage(timeline.error, "The changes could not be loaded. Please try again.")}
          </LoadError>
        ) : !timeline.data ? (
          <p className="text-sm text-muted-foreground">Loading the changes…</p>
        ) : events.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nothing has changed yet.</p>
        ) : (
          <>
            <ol className="grid gap-2 text-sm">
              {shown.map((e, i) => (
                <li key={`${e.taskId}-${e.at}-${i}`} className="grid gap-0.5">
                  <span className="text-muted-foreground">{formatDateTime(e.at)}</span>
                  <span className="wrap-anywhere">
                    {e.actorEmail} {eventWords(e)}: {titleOf(e.taskId)}
                  </span>
                </li>
              ))}
            </ol>
            {events.length > FIRST_SHOWN && (
              <Button
                type="button"
                variant="outline"
                size="sm"
                className="w-fit"
                onClick={() => setIsAll(!isAll)}
              >
                {isAll ? "Show the newest only" : `Show every change (${events.length})`}
              </Button>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
