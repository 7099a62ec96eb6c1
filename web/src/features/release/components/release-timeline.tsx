import type { TimelineEntry } from "@common/release";
import { History } from "lucide-react";
import { useId } from "react";
import { Card, CardContent, CardHeader, CardHeading } from "@/components/ui/card";
import { formatDateTime } from "@/lib/format";

/** What happened to the plan and its releases, in the order the server gives (an ordered list). */
export function ReleaseTimeline({ timeline }: { timeline: TimelineEntry[] }) {
  const headingId = useId();
  return (
    <Card>
      <CardHeader className="pb-2">
        <CardHeading icon={History} id={headingId}>
          Timeline
        </CardHeading>
      </CardHeader>
      <CardContent>
        {timeline.length ? (
          <ol aria-labelledby={headingId} className="grid gap-3 border-l-2 border-border pl-4">
            {timeline.map((e, i) => (
              <li key={`${e.at}-${e.action}-${i}`} className="grid gap-0.5">
                <span className="font-medium wrap-anywhere">{e.label}</span>
                <span className="text-sm text-muted-foreground">
                  <time dateTime={e.at}>{formatDateTime(e.at)}</time>
                  {e.actorName && <span className="wrap-anywhere"> · by {e.actorName}</span>}
                </span>
              </li>
            ))}
          </ol>
        ) : (
          <p className="text-sm text-muted-foreground">Nothing has happened yet.</p>
        )}
      </CardContent>
    </Card>
  );
}
