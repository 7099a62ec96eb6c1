/**
 * Passkeys (issue 15, point 5; docs/decisions/056-passkeys.md): WebAuthn credentials that sign an
 * account in without its password, through better-auth's passkey plugin. A passkey opens the
 * session, never the vault: the vault's key still needs the password. No zod here: /login imports
 * it (the bundle budget); the input schemas are in passkeys-schemas.ts.
 */

/** The longest name a passkey can be given ("Work laptop", "Phone"). */
export const PASSKEY_NAME_MAX_LENGTH = 60;

/** At most this many passkeys per account: each one is a way in. */
export const PASSKEYS_PER_ACCOUNT_MAX = 20;

/** One passkey, as GET /api/passkeys lists it. Never its public key or credential id. */
export type PasskeyView = {
  id: string;
  name: string;
  createdAt: string;
};
export type PasskeyList = { passkeys: PasskeyView[] };

const PASSKEY_SIGN_IN_MSG_FAILED =
  "That passkey did not sign you in. Try again, or use your password.";

export const PASSKEY_MSG = {
  cardTitle: "Passkeys",
  cardDescription:
    "Sign in with your fingerprint, face or device PIN instead of typing your password. Your vault still asks for your password to open.",
  none: "No passkeys yet.",
  add: "Add a passkey",
  nameLabel: "Name",
  nameHint: "So you can tell your passkeys apart, e.g. “Work laptop”.",
  nameRequired: "Enter a name for the passkey.",
  nameTooLong: `Use at most ${PASSKEY_NAME_MAX_LENGTH} characters.`,
  added: "Passkey added",
  addFailed: "The passkey was not added. Please try again.",
  /** better-auth adds passkeys only in a session younger than a day. */
  signInAgainFirst: "For your safety, sign out and in again before adding a passkey.",
  cancelled: "The passkey request was cancelled or timed out.",
  unsupported: "This browser cannot use passkeys.",
  renamed: "Passkey renamed",
  removed: "Passkey removed",
  removeConfirm: (name: string) =>
    `Remove the passkey “${name}”? It will no longer sign you in. Remove it from your device or password manager too.`,
  tooMany: `An account can have at most ${PASSKEYS_PER_ACCOUNT_MAX} passkeys. Remove one first.`,
  signInFailed: PASSKEY_SIGN_IN_MSG_FAILED,
  addedSubject: "A passkey was added to your Legacy Vault account",
  removedSubject: "A passkey was removed from your Legacy Vault account",
} as const;

/** /login's words, apart: /login's first-visit bundle takes only these (its budget, decision 004). */
export const PASSKEY_SIGN_IN_MSG = {
  button: "Sign in with a passkey",
  busy: "Waiting for your passkey…",
  failed: PASSKEY_SIGN_IN_MSG_FAILED,
} as const;

/** The lock screen right after a passkey sign-in: the session is open, the vault is not. */
export const LOCKED_AFTER_PASSKEY =
  "You signed in with a passkey: it opens your account, not your vault.";

/** A passkey id as better-auth makes them; anything else is answered like a missing passkey. */
export const PASSKEY_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
