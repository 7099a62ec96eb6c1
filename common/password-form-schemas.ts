import { z } from "zod";
import { changePasswordSchema, emailSchema, newPasswordSchema } from "./auth-schemas.js";
import { PASSWORD_MAX_LENGTH } from "./constants.js";
import { MSG } from "./messages.js";

/** Form-side schemas of the password screens: the confirmation field never leaves the browser. */
const confirmPassword = z.string().max(PASSWORD_MAX_LENGTH);
const confirmationMatches = <S extends z.ZodType<{ newPassword: string; confirmPassword: string }>>(s: S): S =>
  s.refine((v) => v.newPassword === v.confirmPassword, { message: MSG.passwordsDoNotMatch, path: ["confirmPassword"] });

/** Forgot-password screen: 'Please enter your email address' when empty (spec 02 §5). */
export const requestPasswordResetFormSchema = z.object({
  email: z.string().trim().min(1, MSG.resetNeedsEmail).pipe(emailSchema),
});

/** /update-password: the two must match; one password rule everywhere (8 characters, not the spec's 6). */
export const setNewPasswordFormSchema = confirmationMatches(z.object({ newPassword: newPasswordSchema, confirmPassword }));

/** Profile: change password with confirmation. */
export const changePasswordFormSchema = confirmationMatches(changePasswordSchema.extend({ confirmPassword }));

/** Profile: turning sign-in codes off asks for the password. */
export const confirmPasswordFormSchema = z.object({
  password: z.string().min(1, MSG.passwordRequired).max(PASSWORD_MAX_LENGTH),
});
