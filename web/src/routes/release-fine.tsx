import { REPORT_MSG } from "@common/verifier-reports";
import { useSearchParams } from "react-router";
import { AuthLayout } from "@/features/auth/components/auth-layout";
import { ReleaseLinkPanel } from "@/features/release/components/release-link-panel";
import { useSayFineByLink } from "@/features/verifier-reports/api/say-fine-by-link";

/** /release/fine?token=...: the owner's e-mailed "I'm fine". Public; nothing happens until the button is pressed. */
export default function ReleaseFineScreen() {
  const [params] = useSearchParams();
  const fine = useSayFineByLink();
  return (
    <AuthLayout
      title="I'm fine"
      description="Someone reported that you have died or can no longer manage your affairs. Press the button and the report stops. Nothing has been released."
    >
      <ReleaseLinkPanel
        token={params.get("token")}
        action={fine}
        buttonLabel="I'm fine"
        pendingLabel="Saving..."
        doneMessage={REPORT_MSG.fine}
      />
    </AuthLayout>
  );
}
