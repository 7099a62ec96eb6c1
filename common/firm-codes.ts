/**
 * Firm codes (docs/decisions/018-firm-codes.md): what a new code is made of, how whatever a person
 * types becomes the code it is compared with, the inputs, answers and texts of the codes and of
 * joining a firm by one. Pure: used by server and web alike.
 */
import { z } from "zod";
import { FIRM_CODE_INPUT_MAX, FIRM_CODE_INPUT_MIN } from "./firm-code-input.js";
import { optionalText } from "./optional-text.js";

export { FIRM_CODE_INPUT_MAX, FIRM_CODE_INPUT_MIN };

/* ---------- constants ---------- */

/** Digits and upper-case letters without the look-alikes 0/O and 1/I/L: 31 symbols. */
export const FIRM_CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
/** New firm codes (generated or chosen): 8 to 10 characters of FIRM_CODE_ALPHABET (docs/decisions/018). */
export const FIRM_CODE_LENGTH = 8;
export const FIRM_CODE_MAX_LENGTH = 10;
export const FIRM_CODE_DEBOUNCE_MS = 500;

/** Case, whitespace and hyphens (any dash a keyboard or a word processor makes) do not matter. */
export function normalizeFirmCode(typed: string): string {
  return typed.replace(/[\s\-\u2010-\u2015\u2212]+/g, "").toUpperCase();
}

/** True when every character of an (already normalised) code is in FIRM_CODE_ALPHABET. */
export const isInFirmCodeAlphabet = (code: string) =>
  [...code].every((ch) => FIRM_CODE_ALPHABET.includes(ch));

/* ---------- messages ---------- */

/** Firm-code texts (the codes manager, /join-firm, the look-up), worded as the specification words them. */
export const FIRM_CODE_MSG = {
  invalidFirmCode: "Invalid firm code",
  firmCodeBlank: "Please enter a valid firm code",
  firmLookupFailed: "Failed to find firm",
  joinFailed: "Failed to join firm. Please try again.",
  joinSuccess: "Successfully joined firm!",
  joinRedirecting: "Redirecting to dashboard...",
  enterFirmCode: "Please enter a firm code",
  codeValidationError: "Error validating firm code",
  codesNoPermission: "You do not have permission to access firm codes",
  codeInUse: "This code is already in use. Please choose another.",
  codeTooShort: "Use at least 8 characters, or leave the code blank to generate one",
  codeTooLong: "Use at most 10 characters",
  codeCharacters: "Use letters and digits only, without 0, O, 1, I or L",
  codeCreated: "Firm code created successfully!",
  codeCreateFailed: "Failed to create firm code",
  codeDeactivated: "Code deactivated successfully",
  codeDeactivateFailed: "Failed to deactivate code",
  codeCopied: "Code copied to clipboard!",
  codeCopyFailed: "Failed to copy code",
  loadCodesFailed: "Error loading firm codes",
  associatedWith: (firm: string) => `Associated with: ${firm}`,
  alreadyInFirm: (firm: string) => `You already belong to ${firm}.`,
  noFirmAccessTitle: "No Law Firm Access",
  noFirmAccessText: "You do not have access to manage any law firm codes.",
  manageCodesFor: (firm: string) => `Manage access codes for ${firm}`,
  noCodesYet: "No firm codes created yet",
  codeHint: "8 to 10 letters and digits (no 0, O, 1, I or L). Leave blank to generate one.",
  deactivateTitle: "Deactivate Firm Code",
  deactivateText:
    "Are you sure you want to deactivate this firm code? Users will no longer be able to join your firm using this code.",
} as const;

/* ---------- inputs ---------- */

/**
 * Firm code creation: blank = generated. A chosen code is normalised as the join screen does and
 * must be one that can be typed and found: 8 to 10 characters without look-alikes (docs/decisions/018).
 */
export const createFirmCodeSchema = z.object({
  code: z
    .string()
    .transform(normalizeFirmCode)
    .pipe(
      z
        .string()
        .refine((s) => s === "" || s.length >= FIRM_CODE_LENGTH, FIRM_CODE_MSG.codeTooShort)
        .refine((s) => s.length <= FIRM_CODE_MAX_LENGTH, FIRM_CODE_MSG.codeTooLong)
        .refine(isInFirmCodeAlphabet, FIRM_CODE_MSG.codeCharacters),
    )
    .optional()
    .transform((s) => (s ? s : undefined)),
  description: optionalText(200),
});
export type CreateFirmCodeInput = z.output<typeof createFirmCodeSchema>;

/** The join screen's code: case, whitespace and hyphens ignored; 3 to 10 letters and digits (older codes keep working). */
export const firmCodeInputSchema = z
  .string()
  .transform(normalizeFirmCode)
  .pipe(
    z
      .string()
      .min(1, "Please enter a firm code")
      .min(FIRM_CODE_INPUT_MIN, "Invalid firm code")
      .max(FIRM_CODE_INPUT_MAX, "Invalid firm code")
      .regex(/^[A-Z0-9]+$/, "Invalid firm code"),
  );

export const joinFirmSchema = z.object({ code: firmCodeInputSchema });

/** The look-up (GET /api/firms/lookup, used while registering and joining): a blank code is 'Please enter a valid firm code' (spec 01 §5). */
export const firmCodeLookupSchema = z
  .string()
  .refine((s) => normalizeFirmCode(s) !== "", FIRM_CODE_MSG.firmCodeBlank)
  .pipe(firmCodeInputSchema);

/* ---------- answers ---------- */

/** One of the firm's codes (GET/POST /api/firm-codes). Codes chosen before decision 018 may be padded with spaces. */
export type FirmCodeView = {
  id: string;
  code: string;
  description: string | null;
  isActive: boolean;
  createdAt: string;
  expiresAt: string | null;
};

/** The firm a code belongs to (GET /api/firms/lookup, POST /api/firms/join): its id and name only. */
export type FirmSummaryView = { id: string; name: string };
