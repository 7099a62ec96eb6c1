import { z } from "zod";
import { emailSchema } from "./auth-schemas.js";
import { wrappedKeySchema } from "./assets.js";

/**
 * Keys (docs/decisions/009-vault-keys.md, 032-beneficiary-keys.md): the owner's data key, and the
 * beneficiary keys their browser makes so that a release opens each item for its beneficiary
 * without the server being able to open it alone.
 */

/* ---------- constants ---------- */

/** A beneficiary key, its server share and its access key are each 32 random bytes (BK = share XOR access key). */
export const SHARE_BYTES = 32;
/** Most items one request may wrap for a beneficiary key (the browser sends more in several requests). */
export const WRAP_ITEMS_MAX = 500;
/** The access-key link: `${origin}${ACCESS_KEY_PATH}#${ACCESS_KEY_PARAM}=<key id>.<access key, base64url>`. */
export const ACCESS_KEY_PATH = "/legacy";
export const ACCESS_KEY_PARAM = "access";

/* ---------- inputs ---------- */

/**
 * 32 bytes in standard base64: 43 characters and one "=" (44 characters alone would also let 31
 * bytes ("==") and 33 bytes (no padding) through).
 */
export const shareSchema = z
  .string()
  .regex(/^[A-Za-z0-9+/]{43}=$/, "A key share must be 32 bytes in base64");

/** An item's content key wrapped with a beneficiary key: IV ‖ AES-GCM(BK, CK), the asset id as additional data. */
export const itemWrapSchema = z.strictObject({ assetId: z.uuid(), wrappedKey: wrappedKeySchema });
export type ItemWrapInput = z.infer<typeof itemWrapSchema>;

/**
 * POST /api/keys/beneficiaries: a new beneficiary key for `email`, made in the owner's browser.
 * When the owner already has a key for that address, the request must name it in `replaces`
 * (otherwise 409: two tabs must not re-issue by accident); the new key then replaces it (a
 * re-issue: the old access key opens nothing any more, and every item of that address needs
 * wrapping again; those in `items` are wrapped in the same transaction, the rest become pending).
 * `escrowAccessKey` present means the owner chose that the service hold the access key.
 */
export const createBeneficiaryKeySchema = z.strictObject({
  id: z.uuid(),
  email: emailSchema,
  serverShare: shareSchema,
  escrowAccessKey: shareSchema.optional(),
  ownerWrappedKey: wrappedKeySchema,
  ownerWrappedAccessKey: wrappedKeySchema,
  items: z.array(itemWrapSchema).max(WRAP_ITEMS_MAX).default([]),
  replaces: z.uuid().optional(),
});
export type CreateBeneficiaryKeyInput = z.infer<typeof createBeneficiaryKeySchema>;

/** PUT /api/keys/beneficiaries/:id/items: content keys wrapped for this key (each item must name the key's address). */
export const wrapItemsSchema = z.strictObject({
  items: z.array(itemWrapSchema).min(1).max(WRAP_ITEMS_MAX),
});
export type WrapItemsInput = z.infer<typeof wrapItemsSchema>;

/** PATCH /api/keys/beneficiaries/:id: the owner gave the access key to the beneficiary, or chose escrow. */
export const updateBeneficiaryKeySchema = z
  .strictObject({
    handedOver: z.literal(true).optional(),
    escrowAccessKey: shareSchema.optional(),
  })
  .refine((v) => v.handedOver || v.escrowAccessKey, { message: "Nothing to change" });
export type UpdateBeneficiaryKeyInput = z.infer<typeof updateBeneficiaryKeySchema>;

/* ---------- responses ---------- */

/** GET /api/vault/key: the signed-in owner's raw data key (base64, AES-256), for their browser only. */
export type DataKeyView = { dataKey: string };

/** One of the owner's beneficiary keys, as their browser needs it (never the server's share). */
export type BeneficiaryKeyView = {
  id: string;
  email: string;
  /** base64: IV ‖ AES-GCM(DK, BK), additional data "beneficiary-key:<id>". */
  ownerWrappedKey: string;
  /** base64: IV ‖ AES-GCM(DK, access key), additional data "access-key:<id>". */
  ownerWrappedAccessKey: string;
  /** The service holds the access key (the owner's choice; a release then needs only the e-mailed code). */
  escrow: boolean;
  handedOverAt: string | null;
  createdAt: string;
  /** How many of the owner's items name this address. */
  itemCount: number;
};

/** An item that names a beneficiary but whose content key is not wrapped for that address's current key. */
export type PendingItemView = {
  assetId: string;
  beneficiaryEmail: string;
  wrappedKey: string;
  /**
   * The item named this address before beneficiary keys existed (and still does): a release then
   * handed it over with the code alone, so moving over keeps that (an escrowed key) unless the
   * owner chooses otherwise. False for everything saved since (decision 032, "Defaults").
   */
  fromBeforeKeys: boolean;
};

/** GET /api/keys/beneficiaries */
export type BeneficiaryKeysView = { keys: BeneficiaryKeyView[]; pending: PendingItemView[] };

/* ---------- messages ---------- */

export const KEYS_MSG = {
  keyNotFound: "Beneficiary key not found",
  itemNotForKey: "An item does not name this beneficiary",
  wrongBeneficiaryKey: "The beneficiary key does not belong to this item's beneficiary",
  accessKeyInvalid:
    "This access key does not open this item. Check the link or key you were given.",
  accessKeyNeeded: "Enter the access key you were given to open this item.",
  keyExists: "This beneficiary already has a key. Reload the page and try again.",
  itemNotReady:
    "This item cannot be opened yet: it was not prepared for your access key. Contact the service.",
} as const;
