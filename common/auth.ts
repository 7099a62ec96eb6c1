/**
 * Sign-up, sign-in, e-mail codes and passwords (spec 02 §1-§5): the auth domain's numbers and messages.
 * Its input schemas are in auth-schemas.ts: /login and /welcome import this file and must stay
 * without zod (the bundle budget, scripts/check-bundle.mjs).
 */
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
  signInLocked:
    "Too many failed sign-in attempts for this account. Choose a new password with 'Forgot password?' to sign in again.",
  currentPasswordWrong: "Your current password is incorrect",
  resetCheckEmail:
    "If an account exists for this address, we have sent it a link to choose a new password. The link works once and expires in one hour.",
  passwordUpdatedSignIn: "You can now sign in with your new password.",
  passwordChanged: "Password changed successfully",
  passwordChangeFailed: "Failed to change password",
  twoFactorCodeSent: "Verification code sent to your email",
  twoFactorSendFailed: "Failed to send verification code",
  twoFactorCodeExpired: "This code has expired or was tried too many times. Send a new code.",
  twoFactorOn: "Sign-in codes by e-mail are now on",
  twoFactorOff: "Sign-in codes by e-mail are now off",
  twoFactorOffFailed: "Failed to turn off sign-in codes",
  noSession: "No session established",
  emailNotConfirmed: "Email not confirmed",
  registerSuccess: "Registration successful! Please check your email to confirm your account.",
  invalidEmail: "Please enter a valid email address",
  mfaCodeShort: "Please enter a valid verification code",
  callbackConfirmedSession: "Email confirmed successfully! You are now logged in.",
  passwordUpdated: "Password updated successfully",
  logoutOk: "Logged out successfully",
  logoutFailed: "Logout failed. Please try again.",
  linkInvalid: "This link is invalid or has expired. Please request a new one.",
  commonPassword: "This password is too common. Please choose a less predictable one.",
  passwordRequired: "Please enter your password",
  passwordUpdateFailed: "Failed to update password",
} as const;
