import { FileText, Mail, Users } from "lucide-react";
import { Loading } from "@/components/loading";
import { LoadError } from "@/components/load-error";
import { Card, CardContent, CardDescription, CardHeader, CardHeading } from "@/components/ui/card";
import { errorMessage } from "@/lib/api-client";
import { useReminderSettings } from "../api/get-reminder-settings";
import { ReminderOptOutList } from "./reminder-opt-out-list";
import { ReminderSendPanel } from "./reminder-send-panel";
import { ReminderTemplateForm } from "./reminder-template-form";

/**
 * Reminders to clients whose plan is not finished (decision 100), on the firm's settings screen:
 * sending them with the progress, the template with its preview, and who turned them off.
 */
export function RemindersSection({ firmName }: { firmName: string }) {
  const settings = useReminderSettings();
  if (settings.isError)
    return (
      <LoadError onRetry={() => void settings.refetch()}>
        {errorMessage(settings.error, "The reminder settings could not be loaded.")}
      </LoadError>
    );
  if (!settings.data) return <Loading variant="detail" />;
  return (
    <>
      <Card>
        <CardHeader>
          <CardHeading icon={Mail}>Reminders to clients</CardHeading>
          <CardDescription>
            E-mails in your firm&apos;s name, logo and colour to clients whose plan is not finished.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <ReminderSendPanel
            lastRun={settings.data.lastRun}
            nextMonthlyAt={settings.data.nextMonthlyAt}
          />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardHeading icon={FileText}>The reminder</CardHeading>
        </CardHeader>
        <CardContent>
          <ReminderTemplateForm settings={settings.data} firmName={firmName} />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardHeading icon={Users}>Clients who turned reminders off</CardHeading>
        </CardHeader>
        <CardContent>
          <ReminderOptOutList />
        </CardContent>
      </Card>
    </>
  );
}
