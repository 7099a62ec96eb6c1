import { z } from "zod";
import type { AssetFileView, AssetType } from "./assets.js";
import { emailSchema } from "./auth-schemas.js";

/* ---------- the beneficiary portal (issue 5): constants ---------- */

export const LEGACY_CODE_MINUTES = 10;
export const LEGACY_CODE_TRIES = 5;

/* ---------- inputs ---------- */

export const legacyCodeRequestSchema = z.strictObject({ email: emailSchema });
export const legacyVerifySchema = z.strictObject({
  email: emailSchema,
  code: z.string().regex(/^\d{6}$/, "Enter the 6-digit code"),
});

/* ---------- responses ---------- */

/** An item left to the beneficiary, as listed (no content). */
export type LegacyItem = {
  id: string;
  type: AssetType;
  title: string;
  ownerName: string;
  releasedAt: string;
  accessEndsAt: string;
};

/** GET /api/legacy/items. `email` is the address the beneficiary proved. */
export type LegacyItemsView = {
  email: string;
  items: LegacyItem[];
  ended: { ownerName: string; endedAt: string }[];
};

/** GET /api/legacy/items/:id: the ciphertext and, for this beneficiary only, the item's content key (base64, raw AES-256). */
export type LegacyItemDetail = LegacyItem & {
  contentKey: string;
  encryptedData: string;
  files: AssetFileView[];
};

/* ---------- messages ---------- */

export const LEGACY_MSG = {
  codeSent:
    "If anything has been left to this address, a 6-digit code is on its way. It expires in 10 minutes.",
  codeInvalid: "The code is incorrect or has expired",
  codeTooManyTries: "Too many incorrect codes. Request a new code.",
  accessEnded: "Access to what was left to you has ended",
  noItems: "Nothing has been left to this address, or access has ended.",
  // the beneficiary portal's own failures and sign-out (web)
  codeSendFailed: "The code could not be sent. Please try again.",
  itemsLoadFailed: "What was left to you could not be loaded. Please try again.",
  itemLoadFailed: "This item could not be opened. Please try again.",
  signedOut: "You have signed out of the portal",
  signOutFailed: "Could not sign out. Please try again.",
} as const;
