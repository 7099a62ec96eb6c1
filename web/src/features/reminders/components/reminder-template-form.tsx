import {
  REMINDER_BODY_MAX,
  REMINDER_MSG,
  REMINDER_SUBJECT_MAX,
  fillReminder,
  previewValues,
  reminderTemplateSchema,
  type ReminderSettingsView,
} from "@common/reminders";
import { textareaLook } from "@/components/looks";
import { useId, useState, type FormEvent } from "react";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { ApiError, errorMessage } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { useUpdateReminderSettings } from "../api/update-reminder-settings";

type Errors = { subject?: string; body?: string };

/**
 * The firm's reminder template (decision 100): plain text with four placeholders, within limits,
 * a preview for a sample client as the text is typed, and the monthly switch.
 */
export function ReminderTemplateForm({
  settings,
  firmName,
}: {
  settings: ReminderSettingsView;
  firmName: string;
}) {
  const id = useId();
  const [subject, setSubject] = useState(settings.subject);
  const [body, setBody] = useState(settings.body);
  const [isMonthly, setIsMonthly] = useState(settings.isMonthly);
  const [errors, setErrors] = useState<Errors>({});
  const [serverError, setServerError] = useState<string>();
  const update = useUpdateReminderSettings();
  const values = previewValues(firmName, window.location.origin);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setServerError(undefined);
    const parsed = reminderTemplateSchema.safeParse({ subject, body, isMonthly });
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if ((field === "subject" || field === "body") && !next[field]) next[field] = issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    try {
      await update.mutateAsync(parsed.data);
      toast.success(REMINDER_MSG.saved);
    } catch (err) {
      if (err instanceof ApiError && err.fields)
        setErrors({ subject: err.fields.subject, body: err.fields.body });
      else setServerError(errorMessage(err, "The reminder could not be saved. Try again."));
    }
  };

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate className="grid gap-5">
      {serverError && (
        <Alert variant="destructive">
          <AlertDescription>{serverError}</AlertDescription>
        </Alert>
      )}
      <p className="text-sm text-muted-foreground">
        Plain text only. You can use <code>{"{client_name}"}</code>, <code>{"{firm_name}"}</code>,{" "}
        <code>{"{missing_steps}"}</code> (the steps not done, as yes/no) and <code>{"{link}"}</code>
        . A link to stop reminders is always added at the end.
      </p>
      <FormField
        label="Subject"
        error={errors.subject}
        hint={`At most ${REMINDER_SUBJECT_MAX} characters, one line.`}
      >
        <Input
          value={subject}
          maxLength={REMINDER_SUBJECT_MAX}
          onChange={(e) => setSubject(e.target.value)}
        />
      </FormField>
      <FormField
        label="Message"
        error={errors.body}
        hint={`${body.length} of ${REMINDER_BODY_MAX} characters. A blank line starts a new paragraph.`}
      >
        <textarea
          value={body}
          maxLength={REMINDER_BODY_MAX}
          onChange={(e) => setBody(e.target.value)}
          rows={10}
          className={textareaLook}
        />
      </FormField>
      <section aria-labelledby={`${id}-preview`} className="grid gap-2">
        <h3 id={`${id}-preview`} className="text-sm font-medium">
          Preview for a sample client
        </h3>
        <div className="grid gap-3 rounded-md border border-border bg-muted p-4 text-sm">
          <p className="font-semibold break-words" data-testid="reminder-preview-subject">
            {fillReminder(subject, values)}
          </p>
          <p className="whitespace-pre-wrap break-words" data-testid="reminder-preview-body">
            {fillReminder(body, values)}
          </p>
          <p className="text-muted-foreground">
            To stop these reminders, open this link (no sign-in needed): …
          </p>
          <p className="text-muted-foreground">— {firmName}, with Legacy Vault</p>
        </div>
      </section>
      <div className="flex items-start gap-3">
        <input
          id={`${id}-monthly`}
          type="checkbox"
          checked={isMonthly}
          onChange={(e) => setIsMonthly(e.target.checked)}
          aria-describedby={`${id}-monthly-hint`}
          className="mt-0.5 size-4 accent-brand"
        />
        <div className="grid gap-1">
          <label htmlFor={`${id}-monthly`} className="text-sm font-medium leading-none">
            Send reminders automatically every month
          </label>
          <p id={`${id}-monthly-hint`} className="text-xs text-muted-foreground">
            The first send starts within minutes of saving. A client gets at most one reminder a
            month, however they are sent.
          </p>
        </div>
      </div>
      <div>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? "Saving..." : "Save Reminder"}
        </Button>
      </div>
    </form>
  );
}
