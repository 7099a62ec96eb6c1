import { useSearchParams } from "react-router";
import { AuthLayout } from "@/features/auth/components/auth-layout";
import { OptOutPanel } from "@/features/reminders/components/opt-out-panel";

/** /reminders/opt-out?token=...: the one-click link of a reminder e-mail. Public. */
export default function ReminderOptOutScreen() {
  const [params] = useSearchParams();
  const token = params.get("token");
  return (
    <AuthLayout
      title="Stop reminders"
      description="Reminders from your law firm about finishing your Legacy Vault plan."
    >
      <OptOutPanel token={token && /^[\w-]{20,200}$/.test(token) ? token : null} />
    </AuthLayout>
  );
}
