import { z } from "zod";
import { emailSchema } from "./auth-schemas.js";

/* ---------- the rules of verifiers (docs/decisions/081) ---------- */

/** At most this many verifiers per owner, the firm included. */
export const VERIFIERS_MAX = 5;
/** An invitation link works this long (as firm invitations). */
export const VERIFIER_INVITE_DAYS = 7;
/** The e-mailed code: 10 minutes, 5 tries, single use (as the beneficiary portal's). */
export const VERIFIER_CODE_MINUTES = 10;
export const VERIFIER_CODE_TRIES = 5;
/** A "still reachable?" e-mail goes to each accepted verifier this long after the last one (or the acceptance). */
export const VERIFIER_CHECK_EVERY_DAYS = 365;
/** Its one-click link works this long. */
export const VERIFIER_CHECK_LINK_DAYS = 60;

export type VerifierKind = "person" | "firm";
export type VerifierStatus = "invited" | "accepted" | "declined";

/* ---------- inputs ---------- */

const NAME_REQUIRED = "Enter the person's name";

export const verifierNameSchema = z.string(NAME_REQUIRED).trim().min(1, NAME_REQUIRED).max(200);

/** POST /api/verifiers: a person (name and e-mail) or the owner's own firm. */
export const addVerifierSchema = z.discriminatedUnion("kind", [
  z.strictObject({ kind: z.literal("person"), name: verifierNameSchema, email: emailSchema }),
  z.strictObject({ kind: z.literal("firm") }),
]);
export type AddVerifierInput = z.infer<typeof addVerifierSchema>;

/** PUT /api/verifiers/threshold. The server checks it against the number of verifiers. */
export const verifierThresholdSchema = z.strictObject({
  threshold: z.number().int().min(1).max(VERIFIERS_MAX),
});

/** The token of an e-mailed verifier link (invitation or yearly check). */
export const verifierLinkSchema = z.strictObject({ token: z.string().min(20).max(200) });

/** POST /api/verifier/answer: the invitation's token, the e-mailed code and the answer. */
export const verifierAnswerSchema = z.strictObject({
  token: z.string().min(20).max(200),
  code: z.string().regex(/^\d{6}$/, "Enter the 6-digit code"),
  answer: z.enum(["accept", "decline"]),
});
export type VerifierAnswerInput = z.infer<typeof verifierAnswerSchema>;

/** POST /api/clients/:id/verifier: a firm admin answers for the firm. */
export const firmVerifierAnswerSchema = z.strictObject({ answer: z.enum(["accept", "decline"]) });

/* ---------- responses ---------- */

/** One verifier as its owner sees it. `name` is the firm's name for the firm. */
export type VerifierView = {
  id: string;
  kind: VerifierKind;
  name: string;
  email: string | null;
  status: VerifierStatus;
  invitedAt: string;
  /** While invited, when the person's invitation link stops working (null for the firm). */
  inviteExpiresAt: string | null;
  respondedAt: string | null;
  lastAnsweredAt: string | null;
  /** The firm only: the owner has left it since (its admins can no longer answer). */
  isFormerFirm: boolean;
};

/** GET /api/verifiers. `threshold` is null with no verifier who has not declined. */
export type VerifiersView = {
  verifiers: VerifierView[];
  threshold: number | null;
  acceptedCount: number;
  /** The verifiers who have not declined: the most k can be. */
  eligibleCount: number;
  max: number;
  /** Whether "My firm" can be added: the owner is a client of a firm not named yet. */
  canAddFirm: boolean;
  firmName: string | null;
};

/** POST /api/verifier/invitation: what the invitation page shows (no key, no title, no other verifier). */
export type VerifierInvitationView = {
  ownerName: string;
  verifierName: string;
  /** The address the code goes to, partly hidden ("a•••@example.com"). */
  emailHint: string;
  status: VerifierStatus;
};

/** GET /api/clients/:id/verifier: the firm's own verifier role for a client, or null when not named. */
export type FirmVerifierView = {
  status: VerifierStatus;
  invitedAt: string;
  respondedAt: string | null;
  lastAnsweredAt: string | null;
} | null;

/* ---------- messages ---------- */

export const VERIFIER_MSG = {
  nameRequired: NAME_REQUIRED,
  tooMany: `You can name at most ${VERIFIERS_MAX} verifiers`,
  alreadyNamed: "This person is already one of your verifiers",
  firmAlreadyNamed: "Your firm is already one of your verifiers",
  noFirm: "You are not a client of a firm",
  notYourself: "You cannot be your own verifier",
  thresholdTooHigh: "The number cannot be more than the verifiers who have not declined",
  thresholdNoVerifiers: "Name a verifier first",
  alreadyAccepted: "This verifier has already accepted",
  alreadyAnswered: "This invitation has already been answered",
  linkInvalid: "This link is invalid or has expired",
  codeSent: "A 6-digit code is on its way. It expires in 10 minutes.",
  codeInvalid: "The code is incorrect or has expired",
  codeTooManyTries: "Too many incorrect codes. Request a new code.",
  accepted: "Thank you. You are now a verifier.",
  declined: "You have declined. Nothing more will be asked of you.",
  checkAnswered: "Thank you. We have noted that you can still be reached.",
  // the owner's screen (web)
  loadFailed: "Your verifiers could not be loaded.",
  addFailed: "The verifier could not be added",
  removeFailed: "The verifier could not be removed",
  resendFailed: "The invitation could not be sent again",
  thresholdFailed: "The number could not be saved",
  invitationResent: "The invitation was sent again",
} as const;
