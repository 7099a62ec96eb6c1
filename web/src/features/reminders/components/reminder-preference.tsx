import { useId } from "react";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { errorMessage } from "@/lib/api-client";
import { useReminderPreference } from "../api/get-reminder-preference";
import { useUpdateReminderPreference } from "../api/update-reminder-preference";

/** The client's own switch for their firm's reminders about an unfinished plan (decision 100). */
export function ReminderPreference() {
  const id = useId();
  const preference = useReminderPreference();
  const update = useUpdateReminderPreference();
  if (!preference.data) return null;
  const isOn = !preference.data.isOptedOut;
  return (
    <div className="grid gap-2">
      <div className="flex items-start gap-3">
        <input
          id={id}
          type="checkbox"
          checked={isOn}
          disabled={update.isPending}
          onChange={(e) => update.mutate({ isOptedOut: !e.target.checked })}
          aria-describedby={`${id}-hint`}
          className="mt-0.5 size-4 accent-brand"
        />
        <div className="grid gap-1">
          <label htmlFor={id} className="text-sm font-medium leading-none">
            Reminders about finishing my plan
          </label>
          <p id={`${id}-hint`} className="text-xs text-muted-foreground">
            Your law firm may e-mail you at most once a month while your plan is not finished.
          </p>
        </div>
      </div>
      {update.isError && (
        <Alert variant="destructive">
          <AlertDescription>
            {errorMessage(update.error, "The setting could not be saved. Try again.")}
          </AlertDescription>
        </Alert>
      )}
    </div>
  );
}
