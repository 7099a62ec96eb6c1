import { z } from "zod";
import type { AssetType } from "./assets.js";
import type { AssetFileView } from "./assets/files.js";
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

/**
 * An item left to the beneficiary, as listed (no content). Its title is sealed with the item's
 * content key (docs/decisions/080): `encryptedTitle` opens with `key`, as the item's content does.
 * `title` is the clear title of an item its owner never moved over, else null. `key` is null when
 * the item cannot be opened yet (GET /api/legacy/items/:id would answer 409): the list then shows
 * only that there is an item and from whom.
 */
export type LegacyItem = {
  id: string;
  type: AssetType;
  title: string | null;
  encryptedTitle: string | null;
  key: LegacyItemKey | null;
  /**
   * The owner's id, on the portal's list: the estate an inventory entry belongs to (the executor's
   * tasks, decision 099). A caregiver's item and early wishes omit it.
   */
  ownerId?: string;
  ownerName: string;
  releasedAt: string;
  accessEndsAt: string;
  /**
   * Why this person receives it, when a role gives it (decision 091): "executor" for an estate
   * inventory entry, "legal_contact" for a document marked for them; null when it is left to them.
   */
  role: "executor" | "legal_contact" | null;
  /**
   * What the owner left this person (decision 098): the content, or only that the item exists
   * ("catalogue": `key` and `encryptedTitle` are null, the item's page and files answer 404).
   * The portal's list always says; a caregiver's item (decision 093) is content, and omits it.
   */
  access?: "content" | "catalogue";
  /**
   * A catalogue item's title, sealed for this person's beneficiary key (BK = serverShare XOR
   * access key; IV ‖ AES-GCM(BK, JSON {"title"}), "asset-catalogue:<id>" as additional data), all
   * base64; null for a content item, or when the owner's browser has not sealed it for the key.
   */
  catalogue?: LegacyCatalogueTitle | null;
};

export type LegacyCatalogueTitle = {
  beneficiaryKeyId: string;
  serverShare: string;
  escrowShare: string | null;
  sealedTitle: string;
};

/** GET /api/legacy/items. `email` is the address the beneficiary proved. */
export type LegacyItemsView = {
  email: string;
  items: LegacyItem[];
  ended: { ownerName: string; endedAt: string }[];
  /**
   * Items that wait for a later day (decision 096), by owner and day: how many, never which or
   * their titles ("More from Olga arrives on 3 May").
   */
  upcoming: { ownerName: string; on: string; count: number }[];
  /**
   * The law firms acting for the owners whose items are listed (decision 100): the portal carries
   * their name and colour. Empty when no owner is a firm's client.
   */
  firms: LegacyFirmView[];
};

/** A firm as the portal shows it: its name, and its brand colour (white text reads on it) or null. */
export type LegacyFirmView = { name: string; brandColor: string | null };

/**
 * How the beneficiary's browser gets an item's content key (docs/decisions/032):
 * - "beneficiary-key": the owner's browser wrapped it with the beneficiary key BK = serverShare XOR
 *   access key. The access key is `escrowShare` when the owner chose that the service hold it;
 *   otherwise the beneficiary enters the one the owner gave them. All base64.
 * - "content-key": an owner who has not signed in since beneficiary keys came: the server unwraps
 *   the content key with the owner's data key, as decision 009 did (raw AES-256, base64).
 */
export type LegacyItemKey =
  | {
      kind: "beneficiary-key";
      beneficiaryKeyId: string;
      serverShare: string;
      escrowShare: string | null;
      wrappedKey: string;
    }
  | { kind: "content-key"; contentKey: string };

/** GET /api/legacy/items/:id: the ciphertext and, for this beneficiary only, what opens its content key. */
export type LegacyItemDetail = Omit<LegacyItem, "key"> & {
  key: LegacyItemKey;
  encryptedData: string;
  files: AssetFileView[];
  /**
   * A message's waiting share W (base64), given only once the message is delivered; its content
   * opens with MK = HKDF(the item's key, salt W) (docs/decisions/089). Null for every other item.
   */
  waitingShare: string | null;
};

/* ---------- messages ---------- */

export const LEGACY_MSG = {
  codeSent:
    "If anything has been left to this address, a 6-digit code is on its way. It expires in 10 minutes.",
  codeInvalid: "The code is incorrect or has expired",
  codeTooManyTries: "Too many incorrect codes. Request a new code.",
  accessEnded: "Access to what was left to you has ended",
  noItems: "Nothing has been left to this address, or access has ended.",
  /** Items that wait days after the release (decision 096): how many and when, never which. */
  moreArrives: (count: number, on: string) =>
    `${count === 1 ? "One more item arrives" : `${count} more items arrive`} on ${on}. We will e-mail you that day.`,
  // the beneficiary portal's own failures and sign-out (web)
  codeSendFailed: "The code could not be sent. Please try again.",
  itemsLoadFailed: "What was left to you could not be loaded. Please try again.",
  itemLoadFailed: "This item could not be opened. Please try again.",
  signedOut: "You have signed out of the portal",
  signOutFailed: "Could not sign out. Please try again.",
} as const;

/* ---------- final wishes opened early (docs/decisions/097) ---------- */

/** One owner's final wishes that a person may read now, before the release. */
export type EarlyWishesItem = {
  id: string;
  ownerName: string;
  /** In clear only for an item its owner has not sealed yet (decision 080); else null. */
  title: string | null;
  encryptedTitle: string | null;
  /** When the death was confirmed (the wait started). */
  confirmedAt: string;
  key: LegacyItemKey;
};

/** GET /api/legacy/wishes: the final wishes this address may read now. */
export type EarlyWishesView = { email: string; wishes: EarlyWishesItem[] };

/** GET /api/legacy/wishes/:id: the directive's ciphertext, to read in the portal. */
export type EarlyWishesDetail = EarlyWishesItem & { encryptedData: string };
