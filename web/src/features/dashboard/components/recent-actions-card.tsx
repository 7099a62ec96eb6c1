import { FIRM_OVERVIEW_MSG as MSG, type FirmOverviewView } from "@common/dashboard";
import { Card, CardContent, CardDescription, CardHeader } from "@/components/ui/card";
import { formatDateTime } from "@/lib/format";

/** The Firm Overview's "Your recent actions": the caller's own latest events in the firm's log. */
export function RecentActionsCard({ actions }: { actions: FirmOverviewView["myActions"] }) {
  return (
    <Card className="min-w-0">
      <CardHeader>
        <h2 className="text-lg font-semibold">{MSG.recentActions}</h2>
        <CardDescription>{MSG.recentActionsIntro}</CardDescription>
      </CardHeader>
      <CardContent>
        {actions.length === 0 ? (
          <p className="text-muted-foreground">{MSG.noRecentActions}</p>
        ) : (
          <ol className="grid gap-3">
            {actions.map((e) => (
              <li key={e.id} className="grid gap-0.5 border-l-2 border-border pl-3">
                <span className="wrap-anywhere">{e.text}</span>
                <time dateTime={e.at} className="text-sm text-foreground-soft">
                  {formatDateTime(e.at)}
                </time>
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
