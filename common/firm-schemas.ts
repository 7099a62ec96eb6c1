import { z } from "zod";
import { FIRM_CODE_INPUT_MAX, FIRM_CODE_INPUT_MIN, FIRM_CODE_LENGTH, FIRM_CODE_MAX_LENGTH } from "./constants.js";
import { NAME_MIN_LENGTH } from "./auth.js";
import { FIRM_MSG } from "./firm-messages.js";
import { isInFirmCodeAlphabet, normalizeFirmCode } from "./firm-codes.js";
import { emailSchema, newPasswordSchema } from "./auth-schemas.js";

export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((s) => (s ? s : null));

/** Step 1 of firm registration (spec 01 §5). */
export const createFirmSchema = z.object({
  name: z.string().trim().min(1, "Firm name is required").min(NAME_MIN_LENGTH, "Firm name must be at least 2 characters").max(200),
  phone: optionalText(50),
  address: optionalText(1000),
});

/** Step 2: the first admin, proving with the claim secret that they created the firm. */
export const claimFirmSchema = z.object({
  claimSecret: z.string().min(20).max(200),
  name: z.string().trim().min(NAME_MIN_LENGTH, "Full name must be at least 2 characters").max(200),
  email: emailSchema,
  password: newPasswordSchema,
  phone: optionalText(50),
});

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
        .refine((s) => s === "" || s.length >= FIRM_CODE_LENGTH, FIRM_MSG.codeTooShort)
        .refine((s) => s.length <= FIRM_CODE_MAX_LENGTH, FIRM_MSG.codeTooLong)
        .refine(isInFirmCodeAlphabet, FIRM_MSG.codeCharacters),
    )
    .optional()
    .transform((s) => (s ? s : undefined)),
  description: optionalText(200),
});

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
