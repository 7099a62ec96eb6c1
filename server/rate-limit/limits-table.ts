import { VERIFICATION_CODE_MAX_TRIES, VERIFICATION_CODE_TTL_MINUTES } from "../../common/auth.js";
import { SECOND_FACTOR_LOCK_AFTER, SECOND_FACTOR_LOCK_SECONDS } from "../../common/two-factor.js";
import {
  EMAIL_MAX_LENGTH,
  JSON_BODY_MAX_BYTES,
  JSON_MAX_DEPTH,
  PASSWORD_MAX_LENGTH,
} from "../../common/request-limits.js";
import { ASSET_JSON_MAX_BYTES } from "../../common/assets.js";
import {
  CLIENT_IMPORT_MAX_BYTES,
  CLIENT_IMPORT_MAX_PER_DAY,
  CLIENT_IMPORT_MAX_ROWS,
} from "../../common/client-imports.js";
import { VERIFIER_CODE_MINUTES, VERIFIER_CODE_TRIES } from "../../common/verifiers.js";
import type { Limit } from "./limiter.js";
import {
  API_KEY_LIMIT,
  CURRENT_PASSWORD_LIMITS,
  FIRM_CODE_MISS_LIMITS,
  FIRM_PASSWORD_LIMITS,
  PER_USER_LIMITS,
  PER_VERIFIER_LIMITS,
  RATE_LIMIT_RULES,
  SIGN_IN_CODE_ACCOUNT_LIMIT,
} from "./rules.js";
import { SIGN_IN_LOCKOUT } from "./sign-in-lockout.js";

/** One line of SECURITY.md's "Limits in force": what is limited, per address, per account. */
export type LimitRow = { what: string; perAddress: string; perAccount: string };

const L = SIGN_IN_LOCKOUT;

function duration(seconds: number): string {
  if (seconds % 3600 === 0) return seconds === 3600 ? "hour" : `${seconds / 3600} hours`;
  if (seconds % 60 === 0) return `${seconds / 60} min`;
  return `${seconds} s`;
}

/** "30 per 5 min", "10 per hour". */
export const formatLimit = (limit: Limit | undefined) =>
  limit ? `${limit.max} per ${duration(limit.windowSeconds)}` : "—";

/** Every limit that counts rows in `rate_limits` (the housekeeping job keeps each row for the longest window). */
export function everyWindowedLimit(): Limit[] {
  return [
    ...RATE_LIMIT_RULES.flatMap((r) => (r.perAccount ? [r.perIp, r.perAccount] : [r.perIp])),
    ...Object.values(PER_USER_LIMITS),
    ...Object.values(PER_VERIFIER_LIMITS),
    FIRM_CODE_MISS_LIMITS.perIp,
    FIRM_CODE_MISS_LIMITS.perAccount,
    FIRM_PASSWORD_LIMITS.perIp,
    FIRM_PASSWORD_LIMITS.perAccount,
    CURRENT_PASSWORD_LIMITS.perIp,
    CURRENT_PASSWORD_LIMITS.perAccount,
    SIGN_IN_CODE_ACCOUNT_LIMIT,
    API_KEY_LIMIT,
    { max: L.addressMaxFailures, windowSeconds: L.addressWindowSeconds },
  ];
}

/** The rows of SECURITY.md's limits table, from the numbers the code enforces. */
export function limitRows(): LimitRow[] {
  const routes = RATE_LIMIT_RULES.map((r) => ({
    what: `\`${r.method} ${r.path}\``,
    perAddress: formatLimit(r.perIp),
    perAccount: r.isSignIn ? "failures only: see the next rows" : formatLimit(r.perAccount),
  }));
  return [
    ...routes,
    {
      what: "Failed password sign-ins, one address and one account",
      perAddress: `${L.addressMaxFailures} per ${duration(L.addressWindowSeconds)}, then that address waits the window out`,
      perAccount: "—",
    },
    {
      what: "Failed password sign-ins, account-wide (decision 017)",
      perAddress: "—",
      perAccount: `${L.freeFailures} without delay, then ${L.firstDelaySeconds} s doubling up to ${duration(L.maxDelaySeconds)}; after ${L.maxConsecutiveFailures} in a row, no password sign-in until a reset by e-mail; the owner is e-mailed once per burst`,
    },
    {
      what: "Firm codes that find no firm (look-up, join and registration together; decision 018)",
      perAddress: formatLimit(FIRM_CODE_MISS_LIMITS.perIp),
      perAccount: formatLimit(FIRM_CODE_MISS_LIMITS.perAccount),
    },
    {
      what: "Wrong passwords when an account registers or claims a firm (decision 034)",
      perAddress: formatLimit(FIRM_PASSWORD_LIMITS.perIp),
      perAccount: formatLimit(FIRM_PASSWORD_LIMITS.perAccount),
    },
    {
      what: "Wrong current passwords when moving over to owner-held keys, changing the password (decision 038), deleting the account (decision 042), changing the e-mail address (decision 043), changing sign-in protection (decision 052) or adding a passkey (decision 056)",
      perAddress: formatLimit(CURRENT_PASSWORD_LIMITS.perIp),
      perAccount: formatLimit(CURRENT_PASSWORD_LIMITS.perAccount),
    },
    {
      what: "E-mailed sign-in codes sent",
      perAddress: "see `send-otp` above",
      perAccount: formatLimit(SIGN_IN_CODE_ACCOUNT_LIMIT),
    },
    {
      what: "One e-mailed code (sign-in, beneficiary portal)",
      perAddress: "—",
      perAccount: `${VERIFICATION_CODE_MAX_TRIES} tries, ${VERIFICATION_CODE_TTL_MINUTES} minutes, single use`,
    },
    {
      what: "Authenticator codes and recovery codes at sign-in (decision 052)",
      perAddress: "see `verify-totp` and `verify-backup-code` above",
      perAccount: `${VERIFICATION_CODE_MAX_TRIES} tries per sign-in (shared by both); after ${SECOND_FACTOR_LOCK_AFTER} wrong second-factor codes in a row (any kind), every factor waits ${duration(SECOND_FACTOR_LOCK_SECONDS)}; a recovery code works once`,
    },
    {
      what: "Codes tried while confirming a new authenticator app (decision 052)",
      perAddress: "see `/api/two-factor/authenticator/confirm` above",
      perAccount: formatLimit(PER_USER_LIMITS.authenticatorConfirm),
    },
    {
      what: "Removing the authenticator app or making new recovery codes, each e-mailing a notice (decision 052)",
      perAddress: "see `/api/two-factor/...` above",
      perAccount: `${formatLimit(PER_USER_LIMITS.factorChange)}; wrong passwords as the row on current passwords`,
    },
    {
      what: "Adding (password step and device answer), renaming and removing passkeys; adding and removing e-mail a notice (decision 056)",
      perAddress: "see `/api/passkeys/options` above",
      perAccount: `${formatLimit(PER_USER_LIMITS.passkeyChange)}; wrong passwords as the row on current passwords`,
    },
    {
      what: "Verifier invitations: naming a verifier and resending, each e-mailing someone (decision 081)",
      perAddress: "—",
      perAccount: `${formatLimit(PER_USER_LIMITS.verifierInvite)} per owner`,
    },
    {
      what: "Codes e-mailed to one invited verifier (decision 081)",
      perAddress: "see `/api/verifier/code` above",
      perAccount: `${formatLimit(PER_VERIFIER_LIMITS.codeSent)} per verifier; each code ${VERIFIER_CODE_TRIES} tries, ${VERIFIER_CODE_MINUTES} minutes, single use`,
    },
    {
      what: "Test runs of a release, each e-mailing the owner every e-mail of a release (decision 083)",
      perAddress: "—",
      perAccount: `${formatLimit(PER_USER_LIMITS.rehearsal)} per owner`,
    },
    {
      what: "Client imports from a CSV file (decision 094)",
      perAddress: "—",
      perAccount: `${CLIENT_IMPORT_MAX_PER_DAY} new files per firm per 24 hours (the same file again does not count); each at most ${CLIENT_IMPORT_MAX_BYTES / 1024 / 1024} MB and ${CLIENT_IMPORT_MAX_ROWS.toLocaleString("en-US")} rows`,
    },
    {
      what: "Requests to `/api/v1` with one firm API key (decision 101)",
      perAddress: "—",
      perAccount: `${formatLimit(API_KEY_LIMIT)} per key`,
    },
    {
      what: "Invitation resends (decision 022)",
      perAddress: "—",
      perAccount: `${formatLimit(PER_USER_LIMITS.invitationResend)} per admin`,
    },
    {
      what: "Account deletion requests, each e-mailing a cancel link (decision 042)",
      perAddress: "—",
      perAccount: formatLimit(PER_USER_LIMITS.accountDeletion),
    },
    {
      what: "E-mail change requests, each mailing the new address (decision 043)",
      perAddress: "see `/api/email-change` above",
      perAccount: formatLimit(PER_USER_LIMITS.emailChangeRequest),
    },
  ];
}

const kb = (bytes: number) => `${Math.floor(bytes / 1024)} KB`;

/** Every request, whoever sends it (decision 019): what it answers with `413`, `415` or `400`. */
export function requestRows(): LimitRow[] {
  const every = (what: string, limit: string): LimitRow => ({
    what,
    perAddress: `each request: ${limit}`,
    perAccount: "—",
  });
  return [
    every(
      "JSON body of an API request (`415` for any other type)",
      `${kb(JSON_BODY_MAX_BYTES)} (\`413\`)`,
    ),
    every(
      "JSON body of a vault item (create, edit, the part that opens a files upload)",
      `${kb(ASSET_JSON_MAX_BYTES)} (\`413\`)`,
    ),
    every("Nesting of a JSON body", `${JSON_MAX_DEPTH} levels (\`400\`)`),
    every(
      "E-mail address; password",
      `${EMAIL_MAX_LENGTH} characters; ${PASSWORD_MAX_LENGTH} characters (\`400\`)`,
    ),
  ];
}

/** The Markdown table SECURITY.md holds between its limits markers. */
export function renderLimitsTable(rows: LimitRow[] = [...limitRows(), ...requestRows()]): string {
  return [
    "| What | Per address | Per account |",
    "|---|---|---|",
    ...rows.map((r) => `| ${r.what} | ${r.perAddress} | ${r.perAccount} |`),
  ].join("\n");
}
