import { useSearchParams } from "react-router";
import { AuthLayout } from "@/features/auth/components/auth-layout";
import { CancelLinkPanel } from "@/features/account-deletion/components/cancel-link-panel";

/** /account-deletion/cancel?token=...: the e-mailed "Cancel the deletion" link. Public; nothing happens until the button is pressed. */
export default function AccountDeletionCancelScreen() {
  const [params] = useSearchParams();
  return (
    <AuthLayout
      title="Cancel the deletion of your account"
      description="Your Legacy Vault account is scheduled for deletion. Cancel it and your account stays as it is."
    >
      <CancelLinkPanel token={params.get("token")} />
    </AuthLayout>
  );
}
