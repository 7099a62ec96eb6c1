import { RELEASE_MSG } from "@common/release";
import { useSearchParams } from "react-router";
import { AuthLayout } from "@/features/auth/components/auth-layout";
import { useCheckInByLink } from "@/features/release/api/check-in-by-link";
import { ReleaseLinkPanel } from "@/features/release/components/release-link-panel";

/** /release/check-in?token=...: the e-mailed "I'm still here" link. Public; nothing happens until the button is pressed. */
export default function ReleaseCheckInScreen() {
  const [params] = useSearchParams();
  const checkIn = useCheckInByLink();
  return (
    <AuthLayout
      title="Check in"
      description="Let us know you are still here. The countdown of your release plan then starts again."
    >
      <ReleaseLinkPanel
        token={params.get("token")}
        action={checkIn}
        buttonLabel="I'm still here"
        pendingLabel="Checking in..."
        doneMessage={RELEASE_MSG.checkedIn}
      />
    </AuthLayout>
  );
}
