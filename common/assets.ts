import { z } from "zod";
import { emailSchema } from "./auth-schemas.js";
import type { AssetFileKind, AssetFileView } from "./assets/files.js";
import type { DocumentContent } from "./assets/documents.js";
import type { NoteContent } from "./assets/notes.js";
import type { PasswordContent } from "./assets/passwords.js";
import {
  CIPHERTEXT_MSG,
  ENCRYPTED_DATA_MAX_BYTES,
  GCM_OVERHEAD_BYTES,
  encryptedDataSchema,
  wrappedKeySchema,
} from "./ciphertext.js";

/**
 * The asset contract every type shares (spec 02 §3, §5, §9): the types, the API's inputs and
 * responses, and its refusals. Each type's own content and texts are in ./assets/passwords.ts,
 * ./assets/documents.ts and ./assets/notes.ts; the files, their rules and versions in
 * ./assets/files.ts; the ciphertext shape in ./ciphertext.ts.
 */

/* ---------- constants ---------- */

export const ASSET_TYPES = ["password", "document", "note"] as const;
export type AssetType = (typeof ASSET_TYPES)[number];

/** Which asset type holds each kind of file: a document asset its document, a note its recording and attachment. */
export const FILE_KIND_ASSET_TYPE: Record<AssetFileKind, AssetType> = {
  document: "document",
  recording: "note",
  attachment: "note",
};

export const TITLE_MAX_LENGTH = 200;
/** The JSON of an asset (POST, PATCH /api/assets, and the JSON opening PUT /api/assets/:id/files): its content in base64 and 16 KB for the other fields, escaped at worst (docs/decisions/019). */
export const ASSET_JSON_MAX_BYTES = Math.ceil(ENCRYPTED_DATA_MAX_BYTES / 3) * 4 + 16 * 1024;

/** Most people one item may be left to (docs/decisions/053). */
export const ASSET_BENEFICIARIES_MAX = 20;

/* ---------- messages ---------- */

/** The texts every type shares and the API's refusals, worded as the specification words them (02 §5). */
export const ASSET_MSG = {
  titleRequired: "Title is required",
  titleTooLong: "Title must be at most 200 characters",
  fileKindMismatch: "This kind of file cannot be added to this item",
  uploadNotOctetStream: "Files must be uploaded as application/octet-stream",
  notCiphertext: CIPHERTEXT_MSG.notCiphertext,
  uploadIncomplete: "The upload was incomplete. Nothing was changed; please try again.",
  keyWithoutContent: "A new key needs new content",
  releaseNotEditable: "Release fields cannot be changed here",
  idTaken: "This item already exists",
  beneficiaryTwice: "A beneficiary is chosen twice",
  tooManyBeneficiaries: `An item can be left to at most ${ASSET_BENEFICIARIES_MAX} people`,
  beneficiaryKeyTwice: "A beneficiary key is sent twice",
} as const;

/* ---------- inputs ---------- */

export const assetTypeSchema = z.enum(ASSET_TYPES);
const titleSchema = z
  .string()
  .trim()
  .min(1, ASSET_MSG.titleRequired)
  .max(TITLE_MAX_LENGTH, ASSET_MSG.titleTooLong);

/**
 * The people an item is left to (docs/decisions/053): their addresses (lower-case), in the owner's
 * order, each once; an empty list leaves the item to nobody.
 */
export const beneficiaryEmailsSchema = z
  .array(emailSchema)
  .max(ASSET_BENEFICIARIES_MAX, ASSET_MSG.tooManyBeneficiaries)
  .refine((emails) => new Set(emails).size === emails.length, ASSET_MSG.beneficiaryTwice);

/**
 * An asset's content key wrapped for the beneficiary key (docs/decisions/032) of one of the asset's
 * beneficiary addresses: IV ‖ AES-GCM(BK, CK), the asset id as additional data.
 */
export const assetBeneficiaryKeySchema = z.strictObject({
  id: z.uuid(),
  wrappedKey: wrappedKeySchema,
});

export type AssetBeneficiaryKeyInput = z.infer<typeof assetBeneficiaryKeySchema>;

/** The wraps sent with an item, at most one per beneficiary key (the server checks each key's address). */
export const assetBeneficiaryKeysSchema = z
  .array(assetBeneficiaryKeySchema)
  .max(ASSET_BENEFICIARIES_MAX)
  .refine(
    (keys) => new Set(keys.map((k) => k.id)).size === keys.length,
    ASSET_MSG.beneficiaryKeyTwice,
  );

/**
 * A new asset. The browser makes its id (crypto.randomUUID()) because the content key is
 * wrapped with the asset id as additional data before anything is sent (docs/decisions/009).
 */
export const createAssetSchema = z.strictObject({
  id: z.uuid(),
  type: assetTypeSchema,
  title: titleSchema,
  beneficiaryEmails: beneficiaryEmailsSchema.optional().transform((v) => v ?? []),
  wrappedKey: wrappedKeySchema,
  encryptedData: encryptedDataSchema,
  /**
   * The content key wrapped for each beneficiary's key. Required by the server only in so far as
   * an address without one waits "pending" until the owner's browser wraps it.
   */
  beneficiaryKeys: assetBeneficiaryKeysSchema.optional(),
});
export type CreateAssetInput = z.infer<typeof createAssetSchema>;

/** The fields an update may change; each left out is kept. */
const assetChanges = {
  title: z
    .string()
    .trim()
    .max(TITLE_MAX_LENGTH, ASSET_MSG.titleTooLong)
    .optional()
    .transform((s) => (s ? s : undefined)),
  /** The whole new list: an address left out loses the item and its wrap (docs/decisions/053). */
  beneficiaryEmails: beneficiaryEmailsSchema.optional(),
  wrappedKey: wrappedKeySchema.optional(),
  encryptedData: encryptedDataSchema.optional(),
  /**
   * The content key wrapped for beneficiaries' keys. A given wrap replaces that address's; a new
   * content key drops every wrap not given (those addresses wait "pending").
   */
  beneficiaryKeys: assetBeneficiaryKeysSchema.optional(),
};
const releaseFieldsRefused = {
  error: (issue: z.core.$ZodRawIssue) =>
    issue.code === "unrecognized_keys" && issue.keys.some((k) => k.startsWith("release"))
      ? ASSET_MSG.releaseNotEditable
      : undefined,
};

/**
 * Spec 02 §5: the title is applied only when non-empty, beneficiaryEmails whenever present (an
 * empty list leaves the item to nobody), new content only when supplied. The release fields are not the owner's to set
 * (they belong to the release), so they are refused like any unknown field.
 */
export const updateAssetSchema = z
  .strictObject(assetChanges, releaseFieldsRefused)
  .refine((v) => !v.wrappedKey || !!v.encryptedData, {
    message: ASSET_MSG.keyWithoutContent,
    path: ["encryptedData"],
  });
export type UpdateAssetInput = z.infer<typeof updateAssetSchema>;

/** A file of a PUT /api/assets/:id/files body: the plaintext's declared type and the ciphertext's length; null removes the file. */
const filePartSchema = z
  .strictObject({
    contentType: z.string().max(255),
    size: z.int().min(GCM_OVERHEAD_BYTES, ASSET_MSG.notCiphertext),
  })
  .nullable();

/**
 * PUT /api/assets/:id/files: an update, with the new content that describes the asset's files,
 * and the files themselves, stored together or not at all. This JSON opens the body (its length
 * in ASSET_FILES_JSON_LENGTH_HEADER); the files' bytes follow in ASSET_FILE_KINDS order. A kind
 * left out keeps its file.
 */
export const updateAssetFilesSchema = z.strictObject(
  {
    ...assetChanges,
    encryptedData: encryptedDataSchema,
    files: z.strictObject({
      document: filePartSchema.optional(),
      recording: filePartSchema.optional(),
      attachment: filePartSchema.optional(),
    }),
  },
  releaseFieldsRefused,
);
export type UpdateAssetFilesInput = z.infer<typeof updateAssetFilesSchema>;

/** GET /api/assets?type=&search= (search: title contains, case-insensitive). */
export const assetListQuerySchema = z.object({
  type: assetTypeSchema.optional(),
  search: z.string().trim().max(TITLE_MAX_LENGTH).optional().default(""),
});
export type AssetListQuery = z.infer<typeof assetListQuerySchema>;

/** PATCH /api/assets/:id/favorite: the star toggle (updated_at does not move). */
export const assetFavoriteSchema = z.strictObject({ isFavorite: z.boolean() });
export type AssetFavoriteInput = z.infer<typeof assetFavoriteSchema>;

/**
 * POST /api/assets/:id/used: the owner copied from the item or opened it ("recently used"). The
 * browser sends it at most once a minute per item; the server writes at most once a minute too.
 */
export const ASSET_USED_MIN_INTERVAL_MS = 60_000;

/** GET /api/assets/contents: the owner's encrypted contents, a page at a time, ordered by id. */
export const ASSET_CONTENTS_PAGE_SIZE = 100;
export const assetContentsQuerySchema = z.object({
  type: assetTypeSchema.optional(),
  after: z.uuid().optional(),
});
export type AssetContentsQuery = z.infer<typeof assetContentsQuerySchema>;

/* ---------- responses ---------- */

/** An asset as lists and the dashboard show it: metadata in clear by design (docs/decisions/009), no key, no content. */
export type AssetView = {
  id: string;
  type: AssetType;
  title: string;
  /** The people it is left to, in the owner's order (docs/decisions/053). */
  beneficiaryEmails: string[];
  createdAt: string;
  updatedAt: string;
  releaseTriggered: boolean;
  releasedAt: string | null;
  /** The owner's favourite: lists show favourites first. */
  isFavorite: boolean;
  /** When the owner last copied from it or opened it; null when never. */
  lastUsedAt: string | null;
  files: AssetFileView[];
};

/** GET /api/assets. */
export type AssetListView = { assets: AssetView[] };

/** An asset's wrapped content key and encrypted fields (base64), for the owner's browser to open. */
export type AssetContentView = { id: string; wrappedKey: string; encryptedData: string };

/** GET /api/assets/contents: one page; `next` is the `after` of the following page, or null. */
export type AssetContentsPageView = { contents: AssetContentView[]; next: string | null };

/** One asset for its owner: plus the wrapped content key and the encrypted fields (base64). */
export type AssetWithContentView = AssetView & { wrappedKey: string; encryptedData: string };

/** The decrypted fields of each type (spec 02 §3), sealed in the browser. */
export type ContentOf<T extends AssetType> = T extends "password"
  ? PasswordContent
  : T extends "document"
    ? DocumentContent
    : NoteContent;
