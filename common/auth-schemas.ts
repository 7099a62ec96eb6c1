import { z } from "zod";
import { PASSWORD_MIN_LENGTH, PASSWORD_MAX_LENGTH, AUTH_MSG } from "./auth.js";
import { normalizeFirmCode } from "./firm-codes.js";

/** The auth domain's input and form schemas (its numbers and messages: auth.ts). */
export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ message: AUTH_MSG.invalidEmail }).max(254));

export const newPasswordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, AUTH_MSG.passwordTooShort)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters long`);

export const registerSchema = z.object({
  name: z.string().trim().min(1, AUTH_MSG.registerMissing).max(200),
  email: emailSchema,
  password: newPasswordSchema,
  firmCode: z
    .string()
    .transform(normalizeFirmCode)
    .pipe(z.string().max(20))
    .optional()
    .transform((s) => (s ? s : undefined)),
  /** The `code` of an invitation link (/register?email=…&code=…). */
  invitationCode: z.string().min(10).max(200).optional(),
});
export type RegisterInput = z.input<typeof registerSchema>;

export const changePasswordSchema = z.object({
  currentPassword: z.string().min(1, "Please enter your current password").max(PASSWORD_MAX_LENGTH),
  newPassword: newPasswordSchema,
});

/** Form-side schemas of the password screens: the confirmation field never leaves the browser. */
const confirmPassword = z.string().max(PASSWORD_MAX_LENGTH);
const confirmationMatches = <S extends z.ZodType<{ newPassword: string; confirmPassword: string }>>(
  s: S,
): S =>
  s.refine((v) => v.newPassword === v.confirmPassword, {
    message: AUTH_MSG.passwordsDoNotMatch,
    path: ["confirmPassword"],
  });

/** Forgot-password screen: 'Please enter your email address' when empty (spec 02 §5). */
export const requestPasswordResetFormSchema = z.object({
  email: z.string().trim().min(1, AUTH_MSG.resetNeedsEmail).pipe(emailSchema),
});

/** /update-password: the two must match; one password rule everywhere (8 characters, not the spec's 6). */
export const setNewPasswordFormSchema = confirmationMatches(
  z.object({ newPassword: newPasswordSchema, confirmPassword }),
);

/** Profile: change password with confirmation. */
export const changePasswordFormSchema = confirmationMatches(
  changePasswordSchema.extend({ confirmPassword }),
);

/** Profile: turning sign-in codes off asks for the password. */
export const confirmPasswordFormSchema = z.object({
  password: z.string().min(1, AUTH_MSG.passwordRequired).max(PASSWORD_MAX_LENGTH),
});
