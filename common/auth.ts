import { z } from "zod";
import { normalizeFirmCode } from "./firm-codes.js";
import { MSG } from "./messages.js";

/** Sign-up, sign-in, e-mail codes and passwords (spec 02 §1-§5): the auth domain's numbers, messages and schemas. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 1024;
export const NAME_MIN_LENGTH = 2;
export const LOGIN_WARNING_AFTER = 3;
export const LOGIN_LOCKOUT_AT = 5;
export const VERIFICATION_CODE_LENGTH = 6;
export const VERIFICATION_CODE_TTL_MINUTES = 10;
export const VERIFICATION_CODE_MAX_TRIES = 5;
export const DEFAULT_AFTER_LOGIN = "/dashboard";
export const EMAIL_LINK_TTL_SECONDS = 60 * 60;
export const SESSION_TTL_SECONDS = 60 * 60 * 24 * 7;

export const AUTH_MSG = {
  loginMissingFields: "Please enter both email and password",
  loginTooMany: "Too many login attempts. Please try again later.",
  loginFailedGeneric: "An error occurred during login",
  loginFailedToast: "Failed to login",
  resendNeedsEmail: "Please enter your email address",
  resendSuccess: "Confirmation email sent! Please check your inbox.",
  resendFailure: "Failed to resend confirmation email",
  registerMissing: "Please fill out all required fields",
  passwordsDoNotMatch: "Passwords do not match",
  passwordTooShort: "Password must be at least 8 characters long",
  registerFailure: "Failed to register",
  registerFormError: "An error occurred during registration",
  mfaInvalid: "Invalid verification code. Please try again.",
  mfaFailed: "Failed to verify code. Please try again.",
  mfaResent: "A new verification code has been sent to your email.",
  mfaMissingEmail: "Authentication error. Please try again.",
  callbackConfirmedNoSession: "Email confirmed successfully! You can now log in.",
  callbackExchangeFailed: "Failed to confirm email. Please try again.",
  callbackAuthenticated: "Successfully authenticated!",
  callbackCheckFailed: "Authentication failed. Please try again.",
  resetNeedsEmail: "Please enter your email address",
  resetSent: "Password reset link sent to your email",
  resetFailed: "Failed to send password reset link",
  signInLocked: "Too many failed sign-in attempts for this account. Choose a new password with 'Forgot password?' to sign in again.",
  currentPasswordWrong: "Your current password is incorrect",
  resetCheckEmail: "If an account exists for this address, we have sent it a link to choose a new password. The link works once and expires in one hour.",
  passwordUpdatedSignIn: "You can now sign in with your new password.",
  passwordChanged: "Password changed successfully",
  passwordChangeFailed: "Failed to change password",
  twoFactorCodeSent: "Verification code sent to your email",
  twoFactorSendFailed: "Failed to send verification code",
  twoFactorCodeExpired: "This code has expired or was tried too many times. Send a new code.",
  twoFactorOn: "Sign-in codes by e-mail are now on",
  twoFactorOff: "Sign-in codes by e-mail are now off",
  twoFactorOffFailed: "Failed to turn off sign-in codes",
} as const;

export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ message: MSG.invalidEmail }).max(254));

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

export const resetPasswordSchema = z.object({
  token: z.string().min(1).max(500),
  newPassword: newPasswordSchema,
});

/** Form-side schemas of the password screens: the confirmation field never leaves the browser. */
const confirmPassword = z.string().max(PASSWORD_MAX_LENGTH);
const confirmationMatches = <S extends z.ZodType<{ newPassword: string; confirmPassword: string }>>(s: S): S =>
  s.refine((v) => v.newPassword === v.confirmPassword, { message: AUTH_MSG.passwordsDoNotMatch, path: ["confirmPassword"] });

/** Forgot-password screen: 'Please enter your email address' when empty (spec 02 §5). */
export const requestPasswordResetFormSchema = z.object({
  email: z.string().trim().min(1, AUTH_MSG.resetNeedsEmail).pipe(emailSchema),
});

/** /update-password: the two must match; one password rule everywhere (8 characters, not the spec's 6). */
export const setNewPasswordFormSchema = confirmationMatches(z.object({ newPassword: newPasswordSchema, confirmPassword }));

/** Profile: change password with confirmation. */
export const changePasswordFormSchema = confirmationMatches(changePasswordSchema.extend({ confirmPassword }));

/** Profile: turning sign-in codes off asks for the password. */
export const confirmPasswordFormSchema = z.object({
  password: z.string().min(1, MSG.passwordRequired).max(PASSWORD_MAX_LENGTH),
});
