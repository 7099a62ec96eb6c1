import { Alert, AlertDescription } from "@/components/ui/alert";
import { Loading } from "@/components/loading";
import { errorMessage } from "@/lib/api-client";
import { useReminderOptOuts } from "../api/list-reminder-opt-outs";

/** The firm's clients who turned reminders off: who and when, never why (none is asked). */
export function ReminderOptOutList() {
  const list = useReminderOptOuts();
  if (list.isError)
    return (
      <Alert variant="destructive">
        <AlertDescription>
          {errorMessage(list.error, "The list could not be loaded.")}
        </AlertDescription>
      </Alert>
    );
  if (!list.data) return <Loading variant="detail" />;
  if (list.data.clients.length === 0)
    return <p className="text-sm text-muted-foreground">No client has turned reminders off.</p>;
  return (
    <ul className="grid gap-2" aria-label="Clients who turned reminders off">
      {list.data.clients.map((c) => (
        <li key={c.clientId} className="flex flex-wrap justify-between gap-x-4 text-sm">
          <span className="font-medium break-words">{c.name}</span>
          <span className="text-muted-foreground break-all">{c.email}</span>
        </li>
      ))}
    </ul>
  );
}
