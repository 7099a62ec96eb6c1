import {
  EMAIL_CHANGE_MSG,
  emailChangeLinkSchema,
  fillEmail,
  type EmailChangeDoneView,
} from "@common/email-change";
import type { UseMutationResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { LinkActionPanel, type LinkFailure } from "@/components/link-action-panel";
import { ApiError, errorMessage } from "@/lib/api-client";

/** 404: invalid, expired or used; 409: the address is taken (the server's words). Neither is worth pressing again. */
function failureOf(err: Error): LinkFailure {
  if (err instanceof ApiError && (err.status === 400 || err.status === 404))
    return { message: EMAIL_CHANGE_MSG.linkInvalid, canRetry: false };
  if (err instanceof ApiError && err.status === 409)
    return { message: err.message, canRetry: false };
  return { message: errorMessage(err, EMAIL_CHANGE_MSG.failed), canRetry: true };
}

/** The page behind the confirmation or the undo link (components/link-action-panel.tsx). */
export function EmailChangeLinkPanel({
  token,
  action,
  doneMessage,
  ...rest
}: {
  token: string | null;
  action: UseMutationResult<EmailChangeDoneView, Error, string>;
  buttonLabel: string;
  pendingLabel: string;
  /** EMAIL_CHANGE_MSG.confirmed or .undone: `{email}` becomes the account's address. */
  doneMessage: string;
  isDestructive?: boolean;
  footer: ReactNode;
}) {
  const isValid = token !== null && emailChangeLinkSchema.safeParse({ token }).success;
  return (
    <LinkActionPanel
      {...rest}
      token={isValid ? token : null}
      action={action}
      invalidMessage={EMAIL_CHANGE_MSG.linkInvalid}
      failureOf={failureOf}
      doneMessage={(view) => fillEmail(doneMessage, view.email)}
      testId="email-change-result"
    />
  );
}
