import { z } from "zod";

/**
 * Deleting one's own account (issue 15, point 3; docs/decisions/042-account-deletion.md): the
 * person types their e-mail address and their password, a grace period starts, and at its end the
 * housekeeping job erases the account.
 */

/** Days between the request and the erasure; the e-mailed link and the profile cancel it meanwhile. */
export const ACCOUNT_DELETION_GRACE_DAYS = 7;

/** What the person types to confirm: their own e-mail address, compared without case or outer spaces. */
export const isDeletionConfirmed = (typed: string, email: string) =>
  typed.trim().toLowerCase() === email.trim().toLowerCase();

export const ACCOUNT_DELETION_MSG = {
  confirmationRequired: "Type your e-mail address to confirm",
  confirmationMismatch: "This is not your e-mail address. Type it exactly as shown.",
  passwordRequired: "Enter your password",
  lastAdmin:
    "You are the only administrator of your firm. Make another member an administrator before you delete your account.",
  alreadyPending: "Your account is already scheduled for deletion",
  nothingToCancel: "Your account is not scheduled for deletion",
  requested: "Your account will be deleted at the end of the grace period",
  requestFailed: "Failed to schedule the deletion of your account",
  cancelled: "The deletion of your account is cancelled. Your account stays as it is.",
  cancelFailed: "Failed to cancel the deletion of your account",
  loadFailed: "Failed to load the state of your account",
  linkInvalid: "This link is invalid or has expired",
} as const;

/* ---------- inputs ---------- */

/** POST /api/account-deletion. `currentPassword`: the sign-in secret derived from it once the account has owner-held keys (decision 038). */
export const accountDeletionRequestSchema = z.strictObject({
  confirmation: z.string().trim().min(1, ACCOUNT_DELETION_MSG.confirmationRequired).max(320),
  currentPassword: z.string().min(1, ACCOUNT_DELETION_MSG.passwordRequired).max(1024),
});
export type AccountDeletionRequestInput = z.infer<typeof accountDeletionRequestSchema>;

/** The browser's form: the same fields, the confirmation checked against the signed-in address before anything is sent. */
export const accountDeletionFormSchema = (email: string) =>
  accountDeletionRequestSchema.refine((v) => isDeletionConfirmed(v.confirmation, email), {
    path: ["confirmation"],
    message: ACCOUNT_DELETION_MSG.confirmationMismatch,
  });

/** POST /api/account-deletion/cancel-link: the token of the e-mailed cancel link. */
export const accountDeletionLinkSchema = z.strictObject({ token: z.string().min(20).max(200) });

/* ---------- responses ---------- */

export type PendingAccountDeletion = {
  requestedAt: string;
  /** When the housekeeping job erases the account (requestedAt + the grace period). */
  eraseAt: string;
};

/** GET /api/account-deletion (and the answer of a request or a cancel). */
export type AccountDeletionView = { pending: PendingAccountDeletion | null };
