/** Passwords, one of the asset types (spec 02 §2, §3, §8). */

/** The decrypted fields of a password (spec 02 §3), sealed in the browser. */
export type PasswordContent = {
  username: string;
  password: string;
  website: string;
  notes: string;
};

/** Spec 02 §2, §9: a stored password is shown masked with at most 12 dots. */
export const PASSWORD_MASK_MAX_DOTS = 12;

/** A username or password copied from a list leaves the clipboard after 30 seconds, if it is still there. */
export const CLIPBOARD_CLEAR_MS = 30_000;

/** The password texts, worded as the specification words them (02 §5, §8). */
export const PASSWORD_MSG = {
  passwordRequired: "Password is required",
  loadFailed: "Failed to load passwords",
  deleted: "Password deleted successfully",
  deleteFailed: "Failed to delete password",
  notFound: "Password not found",
  saveFailed: "Failed to save password",
  saved: "Password saved successfully",
  updateFailed: "Failed to update password",
  updated: "Password updated successfully",
  websiteCopied: "Website URL copied to clipboard",
  usernameCopied: "Username copied to clipboard",
  passwordCopied: "Password copied to clipboard",
  // the lists' one-click copies: the clipboard is cleared after CLIPBOARD_CLEAR_MS
  copiedWillClear: "Copied. The clipboard will be cleared in 30 seconds.",
} as const;
