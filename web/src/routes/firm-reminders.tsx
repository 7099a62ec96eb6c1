import { Mail, Send, UserX } from "lucide-react";
import { Loading } from "@/components/loading";
import { LoadError } from "@/components/load-error";
import { PageHeader } from "@/components/page-header";
import { Card, CardContent, CardDescription, CardHeader, CardHeading } from "@/components/ui/card";
import { useFirm } from "@/features/firms/api/get-firm";
import { useReminderSettings } from "@/features/reminders/api/get-reminder-settings";
import { ReminderOptOutList } from "@/features/reminders/components/reminder-opt-out-list";
import { ReminderSendPanel } from "@/features/reminders/components/reminder-send-panel";
import { ReminderTemplateForm } from "@/features/reminders/components/reminder-template-form";
import { errorMessage } from "@/lib/api-client";

/** /firm/reminders (firm_admin): the reminder to clients with incomplete plans, sending it, opt-outs. */
export default function FirmRemindersScreen() {
  const firm = useFirm();
  const settings = useReminderSettings();
  const failed = firm.isError ? firm.error : settings.isError ? settings.error : null;

  return (
    <div className="mx-auto grid max-w-2xl gap-6">
      <PageHeader
        title="Reminders to Clients"
        description="E-mails in your firm's name to clients whose plan is not finished."
        back={{ to: "/firm/edit", label: "Back to firm details" }}
      />
      {failed ? (
        <LoadError
          onRetry={() => {
            void firm.refetch();
            void settings.refetch();
          }}
        >
          {errorMessage(failed, "The reminder settings could not be loaded.")}
        </LoadError>
      ) : !firm.data || !settings.data ? (
        <Loading variant="detail" />
      ) : (
        <>
          <Card>
            <CardHeader>
              <CardHeading icon={Send}>Send reminders</CardHeading>
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
              <CardHeading icon={Mail}>The reminder</CardHeading>
              <CardDescription>
                What your clients read, under your firm&apos;s name and colour.
              </CardDescription>
            </CardHeader>
            <CardContent>
              <ReminderTemplateForm settings={settings.data} firmName={firm.data.name} />
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardHeading icon={UserX}>Clients who turned reminders off</CardHeading>
            </CardHeader>
            <CardContent>
              <ReminderOptOutList />
            </CardContent>
          </Card>
        </>
      )}
    </div>
  );
}
