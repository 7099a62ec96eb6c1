import { RELEASE_MSG } from "@common/release";
import { useSearchParams } from "react-router";
import { AuthLayout } from "@/features/auth/components/auth-layout";
import { useCancelReleaseByLink } from "@/features/release/api/cancel-release-by-link";
import { ReleaseLinkPanel } from "@/features/release/components/release-link-panel";

/** /release/cancel?token=...: the e-mailed "Cancel the release" link. Public; nothing happens until the button is pressed. */
export default function ReleaseCancelScreen() {
  const [params] = useSearchParams();
  const cancel = useCancelReleaseByLink();
  return (
    <AuthLayout
      title="Cancel the release"
      description="A release of your vault is waiting. Cancel it and nothing is released to your beneficiaries."
    >
      <ReleaseLinkPanel
        token={params.get("token")}
        action={cancel}
        buttonLabel="Cancel the release"
        pendingLabel="Cancelling..."
        doneMessage={RELEASE_MSG.cancelled}
        isDestructive
      />
    </AuthLayout>
  );
}
