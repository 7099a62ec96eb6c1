import { z } from "zod";
import { PASSWORD_MAX_LENGTH } from "./auth.js";
import { emailSchema } from "./auth-schemas.js";

/**
 * Changing the account's e-mail address (issue 15, point 4; docs/decisions/043-email-change.md):
 * a link to the new address confirms it; the old address gets a notice with an undo link.
 */

/** The confirmation link sent to the new address: as long as the other e-mailed links (one hour). */
export const EMAIL_CHANGE_CONFIRM_TTL_SECONDS = 60 * 60;
/** The undo link sent to the old address once the change is made. */
export const EMAIL_CHANGE_UNDO_TTL_HOURS = 72;

export const EMAIL_CHANGE_MSG = {
  sameAddress: "This is already your e-mail address",
  requested:
    "We sent a confirmation link to {email}. Your address changes only when you open it; the link expires in one hour.",
  confirmed: "Your e-mail address is now {email}. Use it the next time you sign in.",
  undone:
    "Your e-mail address is back to {email} and you are signed out everywhere. If you did not ask for the change, choose a new password with 'Forgot password?' before you sign in.",
  linkInvalid: "This link is invalid, has expired or was already used.",
  addressTaken:
    "Another account uses this address now, so the change cannot be made. Your address has not changed.",
  oldAddressTaken:
    "Another account uses your previous address now, so it cannot be given back. Contact support.",
  failed: "Failed to change your e-mail address",
  pending:
    "A change to {email} is waiting for its confirmation link, sent to that address. Your address changes only when it is opened.",
  cancelled:
    "The change of your e-mail address is cancelled; the link sent for it no longer works.",
  nothingToCancel: "No change of your e-mail address is waiting",
  cancelFailed: "Failed to cancel the change of your e-mail address",
} as const;

export const fillEmail = (message: string, email: string) => message.replace("{email}", email);

/** POST /api/email-change: the new address and the password as the server checks it (the sign-in secret, decision 038). */
export const emailChangeRequestSchema = z.strictObject({
  newEmail: emailSchema,
  currentPassword: z.string().min(1).max(PASSWORD_MAX_LENGTH),
});
export type EmailChangeRequest = z.infer<typeof emailChangeRequestSchema>;

/** The profile form: the typed password, before the browser derives the sign-in secret. */
export const emailChangeFormSchema = z.strictObject({
  newEmail: emailSchema,
  password: z.string().min(1, "Enter your password").max(PASSWORD_MAX_LENGTH),
});
export type EmailChangeForm = z.infer<typeof emailChangeFormSchema>;

/** POST /api/email-change/confirm and /undo: the token of the e-mailed link. */
export const emailChangeLinkSchema = z.strictObject({ token: z.string().min(20).max(200) });

/** What the request answers: the same whether the address is free or taken (decision 043). */
export type EmailChangeRequestedView = { newEmail: string };
/** What a confirmation or an undo answers: the account's address from now on. */
export type EmailChangeDoneView = { email: string };

/**
 * GET /api/email-change (and DELETE's answer): the change waiting for its confirmation link, if
 * any. A request for a taken address shows the same (decision 043: nothing tells the two apart).
 */
export type PendingEmailChangeView = {
  pending: { newEmail: string; requestedAt: string; expiresAt: string } | null;
};
