/** A law firm: its registration (create, then claim by the first admin), its details and logo. */
import { z } from "zod";
import { emailSchema, newPasswordSchema } from "./auth-schemas.js";
import { NAME_MIN_LENGTH } from "./auth.js";
import type { FirmPageSettings } from "./firm-page.js";
import { firstAdminKeysSchema } from "./keys.js";
import { optionalText } from "./optional-text.js";

/* ---------- constants ---------- */

export const LOGO_MAX_BYTES = 2 * 1024 * 1024;

/* ---------- messages ---------- */

/** Firm-side texts, worded as the specification words them. */
export const FIRM_MSG = {
  firmNameTaken: "A firm with this name already exists",
  firmCreateFailed: "Failed to create law firm",
  firmCreated: "Firm created successfully! Now set up the administrator account.",
  firmInfoMissing: "Firm information is missing. Please try again.",
  adminCreated: "Administrator account created! Please check your email to confirm your account.",
  adminCreateFailed: "Failed to create administrator account",
  loadFirmFailed: "Error loading firm details",
  /** GET /api/firm for someone in no firm (spec 02 §8). */
  noFirmInformation: "No firm information found",
  /** GET /api/firm when the member's firm is gone (spec 02 §8). */
  firmDetailsNotFound: "Could not find firm details",
  /** An account already in a firm (client, staff or admin) cannot register another (decision 034). */
  alreadyInFirm:
    "Your account already belongs to a law firm. An account can belong to only one firm, so it cannot register another one.",
  passwordWrong: "Your password is incorrect",
  claimLinkInvalid:
    "This link is invalid or has expired, or was sent to another account. Register your firm again from your account.",
} as const;

/** Firm editing (spec 02 §2 Edit firm, §5). */
export const FIRM_EDIT_MSG = {
  logoNotImage: "Please upload an image file (JPEG, PNG, etc)",
  logoTooLarge: "Logo file size should be less than 2MB",
  /** An image file that cannot be decoded (cut off or damaged), refused by the browser and the server. */
  logoUnreadable:
    "This image could not be read: the file may be damaged or incomplete. Please choose another file.",
  /**
   * The overview shows the logo at 16:9 (spec 02 §2 Dashboard), so the hint asks for a wide logo
   * rather than the spec's square one, which would show with wide empty bands.
   */
  logoHint: "Upload a wide logo image, about 16:9 (max 2MB)",
  saved: "Firm details updated successfully",
  saveFailed: "Failed to update firm details",
  loadFailed: "Failed to load firm details",
  fetchFailed: "Failed to fetch firm details",
  nameTooShort: "Firm name must be at least 2 characters",
} as const;

/** Texts of /firm-register that FIRM_MSG does not hold. */
export const FIRM_ONBOARDING_MSG = {
  registerSubtitle: "Set up your firm's digital vault in just a few steps.",
  firmCreateFailedToast: "Failed to create law firm. Please try again.",
  adminNote: (firm: string) =>
    `Set up the administrator account for ${firm}. This person will have full access to manage the firm's digital assets.`,
  adminPasswordTooShort: "Password must be at least 8 characters",
  adminPasswordsDontMatch: "Passwords don't match",
  /** Once the firm is the admin's: after the new account's confirmation link, or the existing account's claim. */
  registrationComplete: "Registration Complete!",
  /**
   * Step 3, the same for every address (decision 073): nothing works before the administrator's
   * address is proven, so neither a recovery kit nor the firm code is shown here.
   */
  checkEmailTitle: "Check your email to finish",
  confirmationSent: (email: string) =>
    `We sent an email to ${email}. Click the link in that email to activate the administrator account and finish registering your firm.`,
  afterTheLink:
    "Your firm code is shown once the link has been opened: it does not work before. If you cannot find the email, check your spam folder.",
  saveFirmCode: "Save this code. Your team members will need it to join the firm.",
  /** The new administrator's first sign-in after the link (decision 073): the recovery kit, then the code. */
  firstKitTitle: "Save your recovery kit",
  firstKitText:
    "Your email address is confirmed. One last step: your recovery kit. If you ever forget your password, its key is the only way back to your vault: we cannot open it for you.",
  firstKitPassword: "Enter your password to make your kit. It is made here, in this browser.",
  firstKitFailed: "Your recovery kit could not be made. Nothing changed; try again.",
  /** Decision 034: said to everyone, so it tells nobody whether an address has an account. */
  haveAccount:
    "Already have a Legacy Vault account? Register your firm from your account instead: you will become its administrator.",
  registerAsMeNote: (name: string, email: string) =>
    `You (${name}, ${email}) will be the firm's administrator, with full access to manage the firm's digital assets. Your vault stays yours: the firm never sees its content.`,
  confirmPassword: "Enter your password to confirm.",
  firmReady: (firm: string) => `${firm} is registered, and you are its administrator.`,
} as const;

/* ---------- inputs ---------- */

/** Step 1 of firm registration (spec 01 §5), and the firm's details when edited. */
export const createFirmSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, "Firm name is required")
    .min(NAME_MIN_LENGTH, "Firm name must be at least 2 characters")
    .max(200),
  phone: optionalText(50),
  address: optionalText(1000),
});
export type CreateFirmInput = z.output<typeof createFirmSchema>;

/** Step 2: the first admin, proving with the claim secret that they created the firm. */
export const claimFirmSchema = z.object({
  claimSecret: z.string().min(20).max(200),
  name: z.string().trim().min(NAME_MIN_LENGTH, "Full name must be at least 2 characters").max(200),
  email: emailSchema,
  password: newPasswordSchema,
  phone: optionalText(50),
  /**
   * The keys the browser made for the new admin account (decision 038), without a recovery wrap
   * since its kit comes after the address is confirmed (decision 073); none: escrowed on first use.
   */
  keys: firstAdminKeysSchema.optional(),
});
export type ClaimFirmInput = z.output<typeof claimFirmSchema>;

/** A signed-in individual registers a firm and becomes its first admin (decision 034). */
export const registerFirmAsMeSchema = createFirmSchema.extend({
  password: z.string().min(1, "Password is required").max(1024),
});
export type RegisterFirmAsMeInput = z.output<typeof registerFirmAsMeSchema>;

/** The e-mailed link of an existing account that was given at /firm-register (decision 034). */
export const claimFirmByLinkSchema = z.object({
  token: z.string().min(20).max(200),
  password: z.string().min(1, "Password is required").max(1024),
});
export type ClaimFirmByLinkInput = z.output<typeof claimFirmByLinkSchema>;

/* ---------- answers ---------- */

/** The firm an e-mailed claim link offers to its signed-in account (GET /api/firms/:id/claim). */
export type ClaimableFirmView = { id: string; name: string };

/** The signed-in member's firm (GET/PATCH /api/firm, PUT/DELETE /api/firm/logo). */
export type FirmView = {
  id: string;
  name: string;
  phone: string | null;
  address: string | null;
  logoUrl: string | null;
  firmCode: string;
  /** The firm page's settings (decision 095). */
  page: FirmPageSettings;
  updatedAt: string;
};

/** What step 1 of firm registration answers (spec 01 §7 create-firm), plus the claim secret: keep it in memory only. */
export type CreatedFirmView = { id: string; name: string; firm_code: string; claimSecret: string };
