import { REHEARSALS_PER_DAY } from "../../common/rehearsal.js";
import type { Limit } from "./limiter.js";

/**
 * What uses up a per-account limit (docs/decisions/003, 017); the other requests give their hit back:
 * - "sent": requests answered 2xx (the limit is on mail an account is sent: a request that sent nothing costs it nothing);
 * - "checked": every request but one refused as malformed (the limit is on guesses: a wrong code is one).
 */
export type AccountCharge = "sent" | "checked";

/** `isSignIn`: password sign-in, limited per account by failures only (./sign-in-lockout.ts, docs/decisions/017). */
export type Rule = { method: string; path: string; perIp: Limit; isSignIn?: true } & (
  | { perAccount?: undefined; chargeAccountFor?: undefined }
  | { perAccount: Limit; chargeAccountFor: AccountCharge }
);

const minutes = (n: number) => n * 60;

/**
 * Server-side limits, whatever the browser's own counter says. Per address (the client IP)
 * and, where the request names an account, per account (the e-mail in the body, however it is encoded).
 */
export const RATE_LIMIT_RULES: Rule[] = [
  {
    method: "POST",
    path: "/api/auth/sign-in/email",
    perIp: { max: 30, windowSeconds: minutes(5) },
    isSignIn: true,
  },
  {
    method: "POST",
    path: "/api/register",
    perIp: { max: 10, windowSeconds: minutes(10) },
    perAccount: { max: 3, windowSeconds: minutes(10) },
    chargeAccountFor: "sent",
  },
  {
    method: "POST",
    path: "/api/auth/send-verification-email",
    perIp: { max: 10, windowSeconds: minutes(10) },
    perAccount: { max: 3, windowSeconds: minutes(10) },
    chargeAccountFor: "sent",
  },
  {
    method: "POST",
    path: "/api/auth/request-password-reset",
    perIp: { max: 10, windowSeconds: minutes(10) },
    perAccount: { max: 3, windowSeconds: minutes(10) },
    chargeAccountFor: "sent",
  },
  // the salt asked for before a sign-in (decision 038): as the sign-in's own per-address limit
  { method: "POST", path: "/api/kdf", perIp: { max: 30, windowSeconds: minutes(5) } },
  // the e-mailed reset link: looked at, then used (better-auth's own /reset-password is off)
  { method: "GET", path: "/api/vault/reset", perIp: { max: 20, windowSeconds: minutes(10) } },
  { method: "POST", path: "/api/vault/reset", perIp: { max: 10, windowSeconds: minutes(10) } },
  { method: "GET", path: "/api/auth/verify-email", perIp: { max: 20, windowSeconds: minutes(10) } },
  // each one e-mails a code to an account; per account: SIGN_IN_CODE_ACCOUNT_LIMIT (docs/decisions/018)
  {
    method: "POST",
    path: "/api/auth/two-factor/send-otp",
    perIp: { max: 20, windowSeconds: minutes(60) },
  },
  {
    method: "POST",
    path: "/api/auth/two-factor/verify-otp",
    perIp: { max: 20, windowSeconds: minutes(10) },
  },
  // the sign-in's second step by authenticator app or recovery code (decision 052): as the e-mailed
  // code; besides, 5 tries per sign-in and SECOND_FACTOR_LOCK_AFTER wrong codes in a row per account
  {
    method: "POST",
    path: "/api/auth/two-factor/verify-totp",
    perIp: { max: 20, windowSeconds: minutes(10) },
  },
  {
    method: "POST",
    path: "/api/auth/two-factor/verify-backup-code",
    perIp: { max: 20, windowSeconds: minutes(10) },
  },
  // the profile's authenticator and recovery codes (decision 052); wrong passwords: CURRENT_PASSWORD_LIMITS
  {
    method: "POST",
    path: "/api/two-factor/authenticator",
    perIp: { max: 10, windowSeconds: minutes(10) },
  },
  {
    method: "POST",
    path: "/api/two-factor/authenticator/confirm",
    perIp: { max: 20, windowSeconds: minutes(10) },
  },
  {
    method: "DELETE",
    path: "/api/two-factor/authenticator",
    perIp: { max: 10, windowSeconds: minutes(10) },
  },
  {
    method: "POST",
    path: "/api/two-factor/recovery-codes",
    perIp: { max: 10, windowSeconds: minutes(10) },
  },
  // passkeys (decision 056): the sign-in's challenge and answer, as the password sign-in's per-address
  // limit; adding one asks for the password first (CURRENT_PASSWORD_LIMITS)
  {
    method: "GET",
    path: "/api/auth/passkey/generate-authenticate-options",
    perIp: { max: 30, windowSeconds: minutes(5) },
  },
  {
    method: "POST",
    path: "/api/auth/passkey/verify-authentication",
    perIp: { max: 30, windowSeconds: minutes(5) },
  },
  { method: "POST", path: "/api/passkeys/options", perIp: { max: 10, windowSeconds: minutes(10) } },
  {
    method: "POST",
    path: "/api/vault/key/password",
    perIp: { max: 10, windowSeconds: minutes(10) },
  },
  {
    method: "POST",
    path: "/api/vault/key/move-over",
    perIp: { max: 10, windowSeconds: minutes(10) },
  },
  {
    method: "POST",
    path: "/api/auth/two-factor/disable",
    perIp: { max: 10, windowSeconds: minutes(10) },
  },
  { method: "GET", path: "/api/firms/lookup", perIp: { max: 30, windowSeconds: minutes(1) } },
  // the reminder e-mail's one-click opt-out (decision 100): no sign-in, a token of 256 bits
  {
    method: "POST",
    path: "/api/reminders/opt-out",
    perIp: { max: 20, windowSeconds: minutes(10) },
  },
  { method: "GET", path: "/api/invitations/check", perIp: { max: 30, windowSeconds: minutes(10) } },
  { method: "POST", path: "/api/invitations", perIp: { max: 30, windowSeconds: minutes(10) } },
  { method: "POST", path: "/api/firms/join", perIp: { max: 20, windowSeconds: minutes(10) } },
  { method: "POST", path: "/api/firms", perIp: { max: 10, windowSeconds: minutes(60) } },
  // each new beneficiary is e-mailed: the limit keeps the form from being a way to send mail to strangers
  { method: "POST", path: "/api/beneficiaries", perIp: { max: 30, windowSeconds: minutes(10) } },
  // the beneficiary portal: codes go by e-mail, and a code has 10^6 values
  {
    method: "POST",
    path: "/api/legacy/code",
    perIp: { max: 10, windowSeconds: minutes(10) },
    perAccount: { max: 3, windowSeconds: minutes(10) },
    chargeAccountFor: "sent",
  },
  {
    method: "POST",
    path: "/api/legacy/verify",
    perIp: { max: 20, windowSeconds: minutes(10) },
    perAccount: { max: 10, windowSeconds: minutes(10) },
    chargeAccountFor: "checked",
  },
  { method: "POST", path: "/api/release/check-in", perIp: { max: 20, windowSeconds: minutes(10) } },
  {
    method: "POST",
    path: "/api/release/cancel-link",
    perIp: { max: 20, windowSeconds: minutes(10) },
  },
  // verifiers without an account (decision 081): the invitation page, its code (e-mailed; also 3 per
  // 10 min per verifier: PER_VERIFIER_LIMITS), the answer with the code, the yearly one-click check
  {
    method: "POST",
    path: "/api/verifier/invitation",
    perIp: { max: 30, windowSeconds: minutes(10) },
  },
  { method: "POST", path: "/api/verifier/code", perIp: { max: 10, windowSeconds: minutes(10) } },
  { method: "POST", path: "/api/verifier/answer", perIp: { max: 20, windowSeconds: minutes(10) } },
  { method: "POST", path: "/api/verifier/check", perIp: { max: 20, windowSeconds: minutes(10) } },
  // reports (decision 082): the code to an address (also per address), the sign-in with it, the
  // page and each action (also per address and per report: PER_VERIFIER_LIMITS.reportAction)
  {
    method: "POST",
    path: "/api/verifier/report/code",
    perIp: { max: 10, windowSeconds: minutes(10) },
    perAccount: { max: 3, windowSeconds: minutes(10) },
    chargeAccountFor: "sent",
  },
  {
    method: "POST",
    path: "/api/verifier/report/sign-in",
    perIp: { max: 20, windowSeconds: minutes(10) },
    perAccount: { max: 10, windowSeconds: minutes(10) },
    chargeAccountFor: "checked",
  },
  {
    method: "POST",
    path: "/api/verifier/report/desk",
    perIp: { max: 60, windowSeconds: minutes(10) },
  },
  {
    method: "POST",
    path: "/api/verifier/report/make",
    perIp: { max: 10, windowSeconds: minutes(10) },
  },
  {
    method: "POST",
    path: "/api/verifier/report/confirm",
    perIp: { max: 20, windowSeconds: minutes(10) },
  },
  {
    method: "POST",
    path: "/api/verifier/report/heard",
    perIp: { max: 20, windowSeconds: minutes(10) },
  },
  // escalation (decision 085): a verifier's "I reached them" or "I could not reach them"
  {
    method: "POST",
    path: "/api/verifier/report/escalation",
    perIp: { max: 20, windowSeconds: minutes(10) },
  },
  {
    method: "POST",
    path: "/api/reports/fine-link",
    perIp: { max: 20, windowSeconds: minutes(10) },
  },
  {
    method: "POST",
    path: "/api/account-deletion/cancel-link",
    perIp: { max: 20, windowSeconds: minutes(10) },
  },
  // e-mail change (decision 043): the request mails a stranger's address; the links are looked at once
  { method: "POST", path: "/api/email-change", perIp: { max: 10, windowSeconds: minutes(10) } },
  {
    method: "POST",
    path: "/api/email-change/confirm",
    perIp: { max: 20, windowSeconds: minutes(10) },
  },
  {
    method: "POST",
    path: "/api/email-change/undo",
    perIp: { max: 20, windowSeconds: minutes(10) },
  },
  // a claim e-mails the new admin (a wrong claim secret, 24+ random characters, is no guess worth counting per account)
  {
    method: "POST",
    path: "/api/firms/claim",
    perIp: { max: 10, windowSeconds: minutes(10) },
    perAccount: { max: 3, windowSeconds: minutes(10) },
    chargeAccountFor: "sent",
  },
];

/**
 * Limits counted per signed-in user, for routes with an id in the path (server/rate-limit/per-user-middleware.ts).
 * A resend e-mails the invitee: an admin cannot turn it into a way to flood an address.
 */
export const PER_USER_LIMITS = {
  invitationResend: { max: 10, windowSeconds: minutes(60) },
  // each request e-mails the account's own address a cancel link (decision 042)
  accountDeletion: { max: 5, windowSeconds: minutes(60) },
  /** Each request e-mails the new address (decision 043): an account cannot make the form a way to mail strangers. */
  emailChangeRequest: { max: 5, windowSeconds: minutes(60) },
  /** Codes tried while confirming a new authenticator app (decision 052): a signed-in account, not a sign-in, so better-auth counts none. */
  authenticatorConfirm: { max: 10, windowSeconds: minutes(10) },
  /** Each change of a factor e-mails the account a notice (decision 052). */
  factorChange: { max: 10, windowSeconds: minutes(60) },
  /** Adding (the password step and the device's answer), renaming and removing passkeys (decision 056): adding and removing e-mail the account a notice. */
  passkeyChange: { max: 20, windowSeconds: minutes(60) },
  /** Naming a verifier and resending an invitation, each e-mailing someone (decision 081). */
  verifierInvite: { max: 20, windowSeconds: minutes(60) },
  /** A release's test run, each e-mailing the owner every e-mail of a release (decision 083). */
  rehearsal: { max: REHEARSALS_PER_DAY, windowSeconds: minutes(24 * 60) },
  /** A firm admin's report, confirmation or "heard from them" (decision 082): each e-mails people. */
  verifierReport: { max: 20, windowSeconds: minutes(60) },
  /** A firm admin reporting beneficiaries of a client's release dead (decision 105). */
  deathReport: { max: 20, windowSeconds: minutes(60) },
} satisfies Record<string, Limit>;

/** Limits counted per verifier (decision 081): the codes e-mailed to one invited person. */
export const PER_VERIFIER_LIMITS = {
  codeSent: { max: 3, windowSeconds: minutes(10) },
  /** A report, confirmation or "heard from them" (decision 082): per address, and per report. */
  reportAction: { max: 20, windowSeconds: minutes(60) },
} satisfies Record<string, Limit>;

/**
 * Requests made with one firm API key (decision 101), whatever address they come from: the
 * firm's software, not a person. A refused request gives its hit back.
 */
export const API_KEY_LIMIT: Limit = { max: 120, windowSeconds: minutes(1) };

/** Limits that count per address and per signed-in account (server/rate-limit/per-user-middleware.ts, docs/decisions/018). */
export type PerUserLimits = { perIp: Limit; perAccount: Limit };

/**
 * Firm codes that find no firm (look-up, join, registration with a code), together: 10 an hour
 * per address and 10 per account. A code that finds its firm does not count.
 */
export const FIRM_CODE_MISS_LIMITS: PerUserLimits = {
  perIp: { max: 10, windowSeconds: minutes(60) },
  perAccount: { max: 10, windowSeconds: minutes(60) },
};

/** Wrong passwords when an account registers or claims a firm (decision 034): 10 an hour per account, 20 per address. */
export const FIRM_PASSWORD_LIMITS: PerUserLimits = {
  perIp: { max: 20, windowSeconds: minutes(60) },
  perAccount: { max: 10, windowSeconds: minutes(60) },
};

/**
 * Wrong current passwords when moving over to owner-held keys or changing the password (decision
 * 038): 10 an hour per account, 20 per address.
 */
export const CURRENT_PASSWORD_LIMITS: PerUserLimits = {
  perIp: { max: 20, windowSeconds: minutes(60) },
  perAccount: { max: 10, windowSeconds: minutes(60) },
};

/** E-mailed sign-in codes (two-factor send-otp) sent to one account: 5 an hour. Per address: the send-otp rule above (20 an hour). */
export const SIGN_IN_CODE_ACCOUNT_LIMIT: Limit = { max: 5, windowSeconds: minutes(60) };
