/** Firm-side texts, worded as the specification words them. */
export const FIRM_MSG = {
  firmNameTaken: "A firm with this name already exists",
  firmCreateFailed: "Failed to create law firm",
  firmCreated: "Firm created successfully! Now set up the administrator account.",
  firmInfoMissing: "Firm information is missing. Please try again.",
  adminCreated: "Administrator account created! Please check your email to confirm your account.",
  adminCreateFailed: "Failed to create administrator account",
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
  loadFirmFailed: "Error loading firm details",
  loadCodesFailed: "Error loading firm codes",
} as const;

/** Firm editing (spec 02 §2 Edit firm, §5). */
export const FIRM_EDIT_MSG = {
  logoNotImage: "Please upload an image file (JPEG, PNG, etc)",
  logoTooLarge: "Logo file size should be less than 2MB",
  logoHint: "Upload a square logo image (max 2MB)",
  saved: "Firm details updated successfully",
  saveFailed: "Failed to update firm details",
  loadFailed: "Failed to load firm details",
  fetchFailed: "Failed to fetch firm details",
  nameTooShort: "Firm name must be at least 2 characters",
} as const;
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;

/** Texts of the firm onboarding screens (/firm-register, /join-firm, /firm/codes) that FIRM_MSG does not hold. */
export const FIRM_ONBOARDING_MSG = {
  registerSubtitle: "Set up your firm's digital vault in just a few steps.",
  firmCreateFailedToast: "Failed to create law firm. Please try again.",
  adminNote: (firm: string) => `Set up the administrator account for ${firm}. This person will have full access to manage the firm's digital assets.`,
  adminPasswordTooShort: "Password must be at least 8 characters",
  adminPasswordsDontMatch: "Passwords don't match",
  registrationComplete: "Registration Complete!",
  confirmationSent: "We sent a confirmation email to the administrator account. Click the link in that email to activate the account, then sign in.",
  saveFirmCode: "Save this code. Your team members will need it to join the firm.",
  associatedWith: (firm: string) => `Associated with: ${firm}`,
  alreadyInFirm: (firm: string) => `You already belong to ${firm}.`,
  noFirmAccessTitle: "No Law Firm Access",
  noFirmAccessText: "You do not have access to manage any law firm codes.",
  manageCodesFor: (firm: string) => `Manage access codes for ${firm}`,
  noCodesYet: "No firm codes created yet",
  codeHint: "8 to 10 letters and digits (no 0, O, 1, I or L). Leave blank to generate one.",
  deactivateTitle: "Deactivate Firm Code",
  deactivateText: "Are you sure you want to deactivate this firm code? Users will no longer be able to join your firm using this code.",
} as const;
