import { EMAIL_CHANGE_MSG, EMAIL_CHANGE_UNDO_TTL_HOURS } from "@common/email-change";
import { Link, useSearchParams } from "react-router";
import { AuthLayout } from "@/features/auth/components/auth-layout";
import { useUndoEmailChange } from "@/features/email-change/api/undo-email-change";
import { EmailChangeLinkPanel } from "@/features/email-change/components/email-change-link-panel";

/** /email-change/undo?token=...: the link mailed to the old address. Public; nothing happens until the button is pressed. */
export default function EmailChangeUndoScreen() {
  const [params] = useSearchParams();
  const undo = useUndoEmailChange();
  return (
    <AuthLayout
      title="Undo the e-mail change"
      description={`Your account's address goes back to this one and every device is signed out. This link works once, for ${EMAIL_CHANGE_UNDO_TTL_HOURS} hours after the change.`}
    >
      <EmailChangeLinkPanel
        token={params.get("token")}
        action={undo}
        buttonLabel="Undo the change"
        pendingLabel="Undoing..."
        doneMessage={EMAIL_CHANGE_MSG.undone}
        isDestructive
        footer={
          <p className="flex flex-wrap justify-center gap-x-4 gap-y-2 text-sm">
            <Link
              to="/reset-password"
              className="font-medium text-link underline underline-offset-4"
            >
              Choose a new password
            </Link>
            <Link to="/login" className="font-medium text-link underline underline-offset-4">
              Sign in
            </Link>
          </p>
        }
      />
    </AuthLayout>
  );
}
