import { EMAIL_CHANGE_MSG } from "@common/email-change";
import { PROFILE_PATHS } from "@common/profiles";
import { Link, useSearchParams } from "react-router";
import { AuthLayout } from "@/features/auth/components/auth-layout";
import { useConfirmEmailChange } from "@/features/email-change/api/confirm-email-change";
import { EmailChangeLinkPanel } from "@/features/email-change/components/email-change-link-panel";
import { useMe } from "@/lib/me";

/** /email-change/confirm?token=...: the link mailed to the new address. Public; nothing happens until the button is pressed. */
export default function EmailChangeConfirmScreen() {
  const [params] = useSearchParams();
  const confirm = useConfirmEmailChange();
  const { data: me } = useMe();
  return (
    <AuthLayout
      title="Confirm your new e-mail address"
      description="Your Legacy Vault account then uses this address to sign in and to receive its messages."
    >
      <EmailChangeLinkPanel
        token={params.get("token")}
        action={confirm}
        buttonLabel="Confirm my new address"
        pendingLabel="Confirming..."
        doneMessage={EMAIL_CHANGE_MSG.confirmed}
        footer={
          <p className="text-center text-sm">
            <Link
              to={me ? PROFILE_PATHS.account : "/login"}
              className="font-medium text-link underline underline-offset-4"
            >
              {me ? "Go to your profile" : "Sign in"}
            </Link>
          </p>
        }
      />
    </AuthLayout>
  );
}
