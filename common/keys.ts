import { z } from "zod";
import { AUTH_MSG, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "./auth.js";
import { emailSchema, registerSchema } from "./auth-schemas.js";
import { wrappedKeySchema } from "./ciphertext.js";

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

/* ---------- owner-held data keys (docs/decisions/038-owner-held-keys.md) ---------- */

/** PBKDF2-HMAC-SHA-256 iterations for new keys (OWASP Password Storage Cheat Sheet, 2023). */
export const KDF_ITERATIONS = 600_000;
/** Accepted range of iterations a browser may choose (more is allowed, for later raises). */
export const KDF_ITERATIONS_MIN = 600_000;
export const KDF_ITERATIONS_MAX = 10_000_000;
export const KDF_SALT_BYTES = 16;

/** 16 bytes in standard base64: 22 characters and "==". */
export const kdfSaltSchema = z
  .string()
  .regex(/^[A-Za-z0-9+/]{21}[AQgw]==$/, "The salt must be 16 bytes in base64");
export const kdfSchema = z.strictObject({
  salt: kdfSaltSchema,
  iterations: z.number().int().min(KDF_ITERATIONS_MIN).max(KDF_ITERATIONS_MAX),
});

/**
 * The keys a browser made for an account's data key: the password-derived key's salt and cost,
 * and DK wrapped with the password key and with the recovery key (decision 038).
 */
export const accountKeysSchema = z.strictObject({
  kdf: kdfSchema,
  passwordWrappedKey: wrappedKeySchema,
  recoveryWrappedKey: wrappedKeySchema,
});
export type AccountKeysInput = z.infer<typeof accountKeysSchema>;

/**
 * A firm's first admin at /firm-register (decision 073): no recovery kit is shown before the
 * address is confirmed, so the browser sends the password wrap only and makes the kit at the
 * account's first sign-in (PUT /api/vault/key/recovery with `isFirstKit`).
 */
export const firstAdminKeysSchema = accountKeysSchema.partial({ recoveryWrappedKey: true });
export type FirstAdminKeysInput = z.infer<typeof firstAdminKeysSchema>;

/**
 * POST /api/register (and an invitation's registration): a new account with the keys its browser
 * made. Without `keys` the account gets an escrowed data key on first use and moves over at its
 * first sign-in in a browser. An address that already has an account changes nothing (the same
 * answer either way). registerSchema itself cannot name accountKeysSchema (auth-schemas.ts is
 * imported by this file and by assets.ts).
 */
export const registerWithKeysSchema = registerSchema.extend({ keys: accountKeysSchema.optional() });
export type RegisterWithKeysInput = z.input<typeof registerWithKeysSchema>;

/** POST /api/kdf: the address about to sign in. */
export const signInKdfSchema = z.strictObject({ email: emailSchema });

/**
 * POST /api/vault/key/move-over: an account that signed in with its password as is moves to
 * owner-held keys. `currentPassword` is that password (the last time it is sent), `newPassword`
 * the value derived from it (the sign-in secret from now on).
 */
export const moveOverKeysSchema = z.strictObject({
  currentPassword: z.string().min(1).max(PASSWORD_MAX_LENGTH),
  newPassword: z
    .string()
    .min(PASSWORD_MIN_LENGTH, AUTH_MSG.passwordTooShort)
    .max(PASSWORD_MAX_LENGTH),
  keys: accountKeysSchema,
});
export type MoveOverKeysInput = z.infer<typeof moveOverKeysSchema>;

/**
 * PUT /api/vault/key/recovery: a new recovery kit (the old recovery key opens nothing any more).
 * `isFirstKit`: only if the account has none yet (decision 073: a firm admin's first sign-in), so
 * that of two tabs making one at once, the kit the second shows is not one that opens nothing.
 */
export const recoveryKeySchema = z.strictObject({
  recoveryWrappedKey: wrappedKeySchema,
  isFirstKit: z.literal(true).optional(),
});
export type RecoveryKeyInput = z.infer<typeof recoveryKeySchema>;

/**
 * POST /api/vault/key/password: change the password (both derived values), re-wrapping DK in the
 * browser; nothing is re-encrypted. Other sessions end.
 */
export const changePasswordKeysSchema = z.strictObject({
  currentPassword: z.string().min(1).max(PASSWORD_MAX_LENGTH),
  newPassword: z
    .string()
    .min(PASSWORD_MIN_LENGTH, AUTH_MSG.passwordTooShort)
    .max(PASSWORD_MAX_LENGTH),
  kdf: kdfSchema,
  passwordWrappedKey: wrappedKeySchema,
});
export type ChangePasswordKeysInput = z.infer<typeof changePasswordKeysSchema>;

/**
 * POST /api/vault/reset: the e-mailed reset link's token, the new sign-in secret and the keys.
 * `keepsDataKey`: DK was opened with the recovery key (or an escrowed copy) and is kept; false: a
 * new DK was made and what the old one wrapped can no longer be read by the owner.
 */
export const resetPasswordKeysSchema = z.strictObject({
  token: z.string().min(1).max(512),
  newPassword: z
    .string()
    .min(PASSWORD_MIN_LENGTH, AUTH_MSG.passwordTooShort)
    .max(PASSWORD_MAX_LENGTH),
  keys: accountKeysSchema,
  keepsDataKey: z.boolean(),
});
export type ResetPasswordKeysInput = z.infer<typeof resetPasswordKeysSchema>;

/* ---------- responses ---------- */

/** How the browser derives its keys from the password (docs/decisions/038-owner-held-keys.md). */
export type KdfView = {
  /** base64, 16 bytes. */
  salt: string;
  /** PBKDF2-HMAC-SHA-256 iterations. */
  iterations: number;
};

/**
 * GET /api/vault/key, for the signed-in owner's browser only (decision 038).
 * - `dataKey`: the raw data key (base64), only while the server still holds an escrowed copy
 *   (wrapped by the master key: an account that has not moved over yet). Null once it has.
 * - `passwordWrappedKey`: base64 IV ‖ AES-GCM(password key, DK), additional data "data-key:password".
 * - `kdf`: null for an account that still signs in with its password as is (not moved over).
 */
export type DataKeyView = {
  dataKey: string | null;
  passwordWrappedKey: string | null;
  kdf: KdfView | null;
  hasRecoveryKey: boolean;
};

/** GET /api/vault/session-key: 32 random bytes (base64) kept by the server for this session only. */
export type SessionKeyView = { sessionKey: string };

/** POST /api/kdf answer: `kdf` null means "send the password as is" (an account not moved over yet). */
export type SignInKdfView = { kdf: KdfView | null };

/** GET /api/vault/reset?token=…: what a password reset link opens, before the new password is set. */
export type ResetKeysView = {
  /** base64 IV ‖ AES-GCM(recovery key, DK), additional data "data-key:recovery"; null: no recovery kit was made. */
  recoveryWrappedKey: string | null;
  /** The escrowed raw data key of an account that has not moved over yet (base64), else null. */
  dataKey: string | null;
};

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
  /** The reset page: the recovery key typed does not open the recovery-wrapped data key. */
  wrongRecoveryKey: "That recovery key does not open your vault.",
  recoveryKeyNeeded: "Enter your recovery key, or choose that you do not have it.",
  /** The reset page, before a new data key replaces the one the owner cannot open (decision 038). */
  loseVaultWarning:
    "Without your recovery key, the passwords, documents and notes you stored can no longer be read by you. Your account, your beneficiaries' access and your release plan stay.",
  loseVaultConfirmNeeded: "Tick the box to confirm that you understand, or go back.",
  keyNotFound: "Beneficiary key not found",
  itemNotForKey: "An item does not name this beneficiary",
  wrongBeneficiaryKey: "The beneficiary key does not belong to this item's beneficiary",
  accessKeyInvalid:
    "This access key does not open this item. Check the link or key you were given.",
  accessKeyNeeded: "Enter the access key you were given to open this item.",
  keyExists: "This beneficiary already has a key. Reload the page and try again.",
  itemNotReady:
    "This item cannot be opened yet: it was not prepared for your access key. Contact the service.",
  /** Move-over of an account that already has owner-held keys (two tabs, a replayed request). */
  alreadyMovedOver: "Your vault keys are already set up. Reload the page and sign in again.",
  /** Change password, new recovery kit: the account still signs in with its password as is. */
  notMovedOver: "Your vault keys are not set up yet. Sign out and sign in again, then try again.",
  /** A first recovery kit, when another tab or window made one meanwhile (decision 073). */
  kitAlreadyMade:
    "Your recovery kit was already made in another tab or window. If you did not save it, make a new one from your profile.",
  /** The unlock form: the password typed does not unwrap the data key (decision 038). */
  wrongVaultPassword: "That password does not open your vault.",
  /** A screen needs the data key and this tab does not hold it (a new tab, a lost copy). */
  vaultLocked: "Your vault is locked. Enter your password to open it.",
} as const;

/**
 * Auto-lock (decision 046): the vault key is forgotten after this many minutes without activity
 * in any tab of the app, or only when the tab closes (`null`). A choice of this browser, per user.
 */
export const VAULT_LOCK_AFTER_MINUTES = [1, 5, 15, 30, 60, null] as const;
export type VaultLockAfter = (typeof VAULT_LOCK_AFTER_MINUTES)[number];
export const VAULT_LOCK_AFTER_DEFAULT: VaultLockAfter = 15;

export const VAULT_LOCK_MSG = {
  lockedTitle: "Your vault is locked",
  lockedIdle: "Your vault locked itself after a while without activity.",
  lockedNow: "You locked your vault.",
  stillSignedIn:
    "You are still signed in. Enter your password to open it again: it stays in this browser.",
  keptForm: "Your unsaved changes are kept: they come back when you unlock.",
  unlocked: "Your vault is open again.",
} as const;
