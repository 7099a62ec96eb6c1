import type { ReminderRunView } from "@common/reminders";
import { useState } from "react";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Progress } from "@/components/ui/progress";
import { errorMessage } from "@/lib/api-client";
import { useStartReminderRun } from "../api/start-reminder-run";

const day = (iso: string) =>
  new Date(iso).toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric" });

/** "Send reminders" and the last send's progress, read from the server while it sends. */
export function ReminderSendPanel({
  lastRun,
  nextMonthlyAt,
}: {
  lastRun: ReminderRunView | null;
  nextMonthlyAt: string | null;
}) {
  const start = useStartReminderRun();
  const [error, setError] = useState<string>();
  const isSending = lastRun?.status === "sending";
  const percent =
    lastRun && lastRun.totalClients > 0
      ? Math.round((100 * lastRun.processedClients) / lastRun.totalClients)
      : 100;

  const onSend = () => {
    setError(undefined);
    start.mutate(undefined, {
      onError: (err) => setError(errorMessage(err, "The reminders could not be sent. Try again.")),
    });
  };

  return (
    <div className="grid gap-4">
      <p className="text-sm text-muted-foreground">
        Sends your reminder to every client whose plan is not complete, except those who turned
        reminders off or had one in the last month.
      </p>
      {error && (
        <Alert variant="destructive">
          <AlertDescription>{error}</AlertDescription>
        </Alert>
      )}
      <div aria-live="polite" className="grid gap-2" data-testid="reminder-progress">
        {lastRun && isSending && (
          <>
            <Progress value={percent} aria-label="Reminders sent" />
            <p className="text-sm">
              Sending: {lastRun.processedClients} of {lastRun.totalClients} clients done.
            </p>
          </>
        )}
        {lastRun && !isSending && (
          <p className="text-sm">
            Last send{lastRun.isMonthly ? " (monthly)" : ""}, {day(lastRun.startedAt)}:{" "}
            {lastRun.sentClients} of {lastRun.totalClients}{" "}
            {lastRun.totalClients === 1 ? "client" : "clients"} reminded.
          </p>
        )}
        {nextMonthlyAt && (
          <p className="text-sm text-muted-foreground">Next monthly send: {day(nextMonthlyAt)}.</p>
        )}
      </div>
      <div>
        <Button type="button" onClick={onSend} disabled={start.isPending || isSending}>
          {start.isPending || isSending ? "Sending..." : "Send Reminders"}
        </Button>
      </div>
    </div>
  );
}
