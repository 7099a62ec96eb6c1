/**
 * Sign-in protection (issue 15, point 5; docs/decisions/052-authenticator-and-recovery-codes.md):
 * an authenticator app (TOTP) and single-use recovery codes, beside the e-mailed code, which stays
 * as the fallback. No zod here: /login and /mfa import it (the bundle budget); the input schemas
 * are in two-factor-schemas.ts.
 */

/** Digits of an authenticator app's code, and its period in seconds (RFC 6238's usual values). */
export const AUTHENTICATOR_CODE_LENGTH = 6;
export const AUTHENTICATOR_PERIOD_SECONDS = 30;

/** Recovery codes: how many, and their shape (two groups of 5 of RECOVERY_CODE_ALPHABET, e.g. "7KQ2M-XH9PA"). */
export const RECOVERY_CODE_COUNT = 10;
export const RECOVERY_CODE_GROUP = 5;
/** The firm codes' 31 symbols: no 0, O, 1, I or L, which look alike on paper. */
export const RECOVERY_CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";

/** Consecutive wrong second-factor codes (any kind) before the account's factors wait; and how long. */
export const SECOND_FACTOR_LOCK_AFTER = 10;
export const SECOND_FACTOR_LOCK_SECONDS = 15 * 60;

/** The sign-in's factors as the password step names them (better-auth's twoFactorMethods). */
export type SecondFactor = "totp" | "otp";

/**
 * A recovery code as typed: spaces and dashes (typographic ones too) go, letters go upper case,
 * and the group hyphen is put back. Anything else is left for the server to refuse.
 */
export function normalizeRecoveryCode(typed: string): string {
  const bare = typed.replace(/[\s\-\u2010-\u2015\u2212]/g, "").toUpperCase();
  if (bare.length !== RECOVERY_CODE_GROUP * 2) return bare;
  return `${bare.slice(0, RECOVERY_CODE_GROUP)}-${bare.slice(RECOVERY_CODE_GROUP)}`;
}

/** GET /api/two-factor: what protects this account's sign-in. */
export type TwoFactorView = {
  /** A second step is asked at sign-in (the e-mailed code at least). */
  isOn: boolean;
  /** An authenticator app is set up and confirmed. */
  hasAuthenticator: boolean;
  /** Unused recovery codes; null without an authenticator app. */
  recoveryCodesLeft: number | null;
};

/** POST /api/two-factor/authenticator: what to put in the app, and the codes to show after it is confirmed. */
export type AuthenticatorSetupView = {
  /** otpauth:// URI, shown as a QR code. */
  uri: string;
  /** The same secret in base32, for typing into the app. */
  secret: string;
  recoveryCodes: string[];
};

/** POST /api/two-factor/recovery-codes: a new set; the old one opens nothing any more. */
export type RecoveryCodesView = { recoveryCodes: string[] };

export const TWO_FACTOR_MSG = {
  sectionTitle: "Sign-in protection",
  authenticatorExists: "An authenticator app is already set up",
  authenticatorTitle: "Authenticator app",
  authenticatorOnDescription:
    "At sign-in, after your password, you enter the code your authenticator app shows. If you cannot, use a recovery code or a code by e-mail.",
  authenticatorOffDescription:
    "Use an app such as Google Authenticator, Microsoft Authenticator, 1Password or Bitwarden for the code after your password. A code by e-mail stays available if you lose your phone.",
  passwordHint: "Enter your password to continue.",
  scanQr: "Scan this QR code with your authenticator app, or type the key below into it.",
  secretLabel: "Key",
  enterAppCode: "Then enter the 6-digit code the app shows.",
  authenticatorOn: "Authenticator app added",
  authenticatorOff: "Authenticator app removed",
  authenticatorFailed: "Failed to set up the authenticator app",
  removeFailed: "Failed to remove the authenticator app",
  removeAuthenticatorFirst:
    "Remove the authenticator app first: the code by e-mail is its fallback while it is set up.",
  emailFallbackOn:
    "On as the fallback of your authenticator app: at sign-in you can ask for a code by e-mail instead.",
  recoveryTitle: "Recovery codes",
  recoveryIntro:
    "Each code signs you in once if you cannot use your authenticator app. Keep them somewhere safe, away from your phone. They are shown only now.",
  recoveryLeft: (n: number) => (n === 1 ? "1 recovery code left." : `${n} recovery codes left.`),
  recoveryRenewWarning: "New codes replace the old ones: the codes you have now stop working.",
  recoveryRenewed: "New recovery codes made",
  recoveryRenewFailed: "Failed to make new recovery codes",
  recoverySaved: "I have saved these codes",
  copied: "Recovery codes copied",
  // /mfa
  appTitle: "Enter the code from your authenticator app",
  appHint: "Open your authenticator app and enter the 6-digit code it shows for Legacy Vault.",
  recoveryHint: "Enter one of your recovery codes. Each code works once.",
  recoveryCodeShort: "Please enter a recovery code",
  recoveryInvalid: "Invalid recovery code. Please try again.",
  factorsLocked: "Too many wrong codes. Wait 15 minutes, then sign in again.",
  useApp: "Use your authenticator app",
  useRecovery: "Use a recovery code",
  useEmail: "Send me a code by e-mail instead",
  // mail
  authenticatorAddedSubject: "An authenticator app was added to your Legacy Vault account",
  authenticatorRemovedSubject: "The authenticator app was removed from your Legacy Vault account",
  recoveryRenewedSubject: "New recovery codes for your Legacy Vault account",
  recoveryUsedSubject: "A recovery code was used to sign in to your Legacy Vault account",
  /** The closing line of every mail about the account's sign-in protection (server/two-factor/emails.ts, server/auth/emails.ts). */
  ifNotYou:
    "If this was not you, someone knows your password: choose a new one now, which signs out every device, and check your sign-in protection on your profile.",
} as const;
