import { z } from "zod";
import { emailSchema } from "./auth-schemas.js";
import type { AssetFileKind, AssetFileView } from "./assets/files.js";
import type { DocumentContent } from "./assets/documents.js";
import type { EstateContent } from "./assets/estate.js";
import type { MessageContent } from "./messages.js";
import type { WishesContent } from "./assets/wishes.js";
import type { NoteContent } from "./assets/notes.js";
import type { PasswordContent } from "./assets/passwords.js";
import {
  CIPHERTEXT_MSG,
  ENCRYPTED_DATA_MAX_BYTES,
  GCM_OVERHEAD_BYTES,
  ciphertextBase64,
  encryptedDataSchema,
  wrappedKeySchema,
} from "./ciphertext.js";

/**
 * The asset contract every type shares (spec 02 §3, §5, §9): the types, the API's inputs and
 * responses, and its refusals. Each type's own content and texts are in ./assets/passwords.ts,
 * ./assets/documents.ts, ./assets/notes.ts, ./assets/estate.ts (the estate inventory), ./messages.ts (messages for later) and
 * ./assets/wishes.ts (final wishes); the files, their rules and versions in
 * ./assets/files.ts; the ciphertext shape in ./ciphertext.ts.
 */

/* ---------- constants ---------- */

export const ASSET_TYPES = ["password", "document", "note", "estate", "message", "wishes"] as const;
export type AssetType = (typeof ASSET_TYPES)[number];

/** Which asset type holds each kind of file: a document asset its document, a note its recording and attachment. */
export const FILE_KIND_ASSET_TYPE: Record<AssetFileKind, AssetType> = {
  document: "document",
  recording: "note",
  attachment: "note",
  media: "message",
};

/** A title's most characters: the browser's rule, before it seals the title (docs/decisions/080). */
export const TITLE_MAX_LENGTH = 200;
/**
 * A sealed title (docs/decisions/080): IV ‖ AES-256-GCM(CK, UTF-8 of the title, additional data
 * `asset-title:<asset id>`) ‖ tag; at most 4 bytes of UTF-8 for each of the title's characters.
 */
export const ENCRYPTED_TITLE_MAX_BYTES = 12 + 4 * TITLE_MAX_LENGTH + 16;
/** The additional data that binds a sealed title to its item. */
export const titleAdditionalData = (assetId: string) => `asset-title:${assetId}`;
/** POST /api/assets/titles: the most titles moved over in one request. */
export const ASSET_TITLES_BATCH = 100;
/** Its JSON: each title's base64 with its id and keys, escaped at worst, and a little more. */
export const ASSET_TITLES_JSON_MAX_BYTES =
  ASSET_TITLES_BATCH * (Math.ceil(ENCRYPTED_TITLE_MAX_BYTES / 3) * 4 + 128) + 1024;
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
  keyWithoutTitle: "A new key needs a new title",
  releaseNotEditable: "Release fields cannot be changed here",
  idTaken: "This item already exists",
  beneficiaryTwice: "A beneficiary is chosen twice",
  tooManyBeneficiaries: `An item can be left to at most ${ASSET_BENEFICIARIES_MAX} people`,
  beneficiaryKeyTwice: "A beneficiary key is sent twice",
  legalContactDocumentsOnly: "Only a document can be marked for your legal contact",
} as const;

/* ---------- inputs ---------- */

export const assetTypeSchema = z.enum(ASSET_TYPES);

/** A title sealed in the browser (base64); the server checks its shape and size only. */
export const encryptedTitleSchema = ciphertextBase64(
  ENCRYPTED_TITLE_MAX_BYTES,
  `The encrypted title must be at most ${ENCRYPTED_TITLE_MAX_BYTES} bytes`,
);

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
 * A new item's people told only that it exists (decision 098): each one of its beneficiaryEmails,
 * with the title sealed for their beneficiary key (and that key's id), or neither when the owner
 * has no key for the address yet. The content key is never wrapped for them.
 */
export const newItemCatalogueSchema = z
  .array(
    z
      .strictObject({
        email: emailSchema,
        keyId: z.uuid().optional(),
        sealedTitle: encryptedTitleSchema.optional(),
      })
      .refine((v) => (v.keyId === undefined) === (v.sealedTitle === undefined), {
        message: "A sealed title needs the key it was sealed with",
      }),
  )
  .max(ASSET_BENEFICIARIES_MAX)
  .refine(
    (people) => new Set(people.map((p) => p.email)).size === people.length,
    ASSET_MSG.beneficiaryTwice,
  );
export type NewItemCatalogueInput = z.infer<typeof newItemCatalogueSchema>;

/**
 * A new asset. The browser makes its id (crypto.randomUUID()) because the content key is
 * wrapped with the asset id as additional data before anything is sent (docs/decisions/009).
 * It is born with a sealed title (docs/decisions/080): a clear `title` is refused as unknown.
 */
export const createAssetSchema = z.strictObject({
  id: z.uuid(),
  type: assetTypeSchema,
  encryptedTitle: encryptedTitleSchema,
  beneficiaryEmails: beneficiaryEmailsSchema.optional().transform((v) => v ?? []),
  wrappedKey: wrappedKeySchema,
  encryptedData: encryptedDataSchema,
  /**
   * The content key wrapped for each beneficiary's key. Required by the server only in so far as
   * an address without one waits "pending" until the owner's browser wraps it.
   */
  beneficiaryKeys: assetBeneficiaryKeysSchema.optional(),
  /** Of its people, those told only that it exists (decision 098). */
  catalogue: newItemCatalogueSchema.optional(),
  /** A document marked "for my legal contact" (decision 091); documents only. */
  isForLegalContact: z.boolean().optional(),
});
export type CreateAssetInput = z.infer<typeof createAssetSchema>;

/** The fields an update may change; each left out is kept. */
const assetChanges = {
  /** A newly sealed title; it replaces a clear one (docs/decisions/080). */
  encryptedTitle: encryptedTitleSchema.optional(),
  /** The whole new list: an address left out loses the item and its wrap (docs/decisions/053). */
  beneficiaryEmails: beneficiaryEmailsSchema.optional(),
  wrappedKey: wrappedKeySchema.optional(),
  encryptedData: encryptedDataSchema.optional(),
  /**
   * The content key wrapped for beneficiaries' keys. A given wrap replaces that address's; a new
   * content key drops every wrap not given (those addresses wait "pending").
   */
  beneficiaryKeys: assetBeneficiaryKeysSchema.optional(),
  /** Marks or unmarks a document "for my legal contact" (decision 091). */
  isForLegalContact: z.boolean().optional(),
};
const releaseFieldsRefused = {
  error: (issue: z.core.$ZodRawIssue) =>
    issue.code === "unrecognized_keys" && issue.keys.some((k) => k.startsWith("release"))
      ? ASSET_MSG.releaseNotEditable
      : undefined,
};

/** A new content key comes with the title sealed under it (docs/decisions/080). */
const newKeyNeedsTitle: [
  (v: { wrappedKey?: string; encryptedTitle?: string }) => boolean,
  { message: string; path: string[] },
] = [
  (v) => !v.wrappedKey || !!v.encryptedTitle,
  { message: ASSET_MSG.keyWithoutTitle, path: ["encryptedTitle"] },
];

/**
 * Spec 02 §5: a sealed title whenever present, beneficiaryEmails whenever present (an empty list
 * leaves the item to nobody), new content only when supplied; a new key needs new content and a
 * new title. A clear `title` and the release fields (they belong to the release) are refused like
 * any unknown field.
 */
export const updateAssetSchema = z
  .strictObject(assetChanges, releaseFieldsRefused)
  .refine((v) => !v.wrappedKey || !!v.encryptedData, {
    message: ASSET_MSG.keyWithoutContent,
    path: ["encryptedData"],
  })
  .refine(...newKeyNeedsTitle);
export type UpdateAssetInput = z.infer<typeof updateAssetSchema>;

/**
 * A file of a PUT /api/assets/:id/files body: the plaintext's declared type and the ciphertext's
 * length (its bytes follow the JSON), or an upload in encrypted chunks whose chunks are all
 * stored (docs/decisions/108; nothing follows); null removes the file.
 */
const filePartSchema = z
  .union([
    z.strictObject({
      contentType: z.string().max(255),
      size: z.int().min(GCM_OVERHEAD_BYTES, ASSET_MSG.notCiphertext),
    }),
    z.strictObject({ uploadId: z.uuid() }),
  ])
  .nullable();

/**
 * PUT /api/assets/:id/files: an update, with the new content that describes the asset's files,
 * and the files themselves, stored together or not at all. This JSON opens the body (its length
 * in ASSET_FILES_JSON_LENGTH_HEADER); the files' bytes follow in ASSET_FILE_KINDS order. A kind
 * left out keeps its file.
 */
export const updateAssetFilesSchema = z
  .strictObject(
    {
      ...assetChanges,
      encryptedData: encryptedDataSchema,
      files: z.strictObject({
        document: filePartSchema.optional(),
        recording: filePartSchema.optional(),
        attachment: filePartSchema.optional(),
        media: filePartSchema.optional(),
      }),
    },
    releaseFieldsRefused,
  )
  .refine(...newKeyNeedsTitle);
export type UpdateAssetFilesInput = z.infer<typeof updateAssetFilesSchema>;

/** GET /api/assets?type=: newest first; searching and sorting by name are the browser's, on opened titles. */
export const assetListQuerySchema = z.object({
  type: assetTypeSchema.optional(),
});
export type AssetListQuery = z.infer<typeof assetListQuerySchema>;

/**
 * POST /api/assets/titles: the move-over (docs/decisions/080). Each of the caller's own items that
 * still has a clear title gets its sealed title and loses the clear one; any other id is skipped.
 */
export const assetTitlesSchema = z.strictObject({
  titles: z
    .array(z.strictObject({ id: z.uuid(), encryptedTitle: encryptedTitleSchema }))
    .min(1)
    .max(ASSET_TITLES_BATCH),
});
export type AssetTitlesInput = z.infer<typeof assetTitlesSchema>;

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

/**
 * An asset as lists show it: its sealed title and the wrapped content key that opens it, and the
 * fields the server keeps in clear (docs/release-keys.md); no content. `title` is the clear title
 * of an item not moved over yet, else null; exactly one of `title` and `encryptedTitle` is set.
 */
export type AssetView = {
  id: string;
  type: AssetType;
  title: string | null;
  /** The sealed title (base64), opened in the browser with the content key (docs/decisions/080). */
  encryptedTitle: string | null;
  /** The content key wrapped with the owner's data key (base64). */
  wrappedKey: string;
  /** The people it is left to, in the owner's order (docs/decisions/053). */
  beneficiaryEmails: string[];
  /** The people a role gives it to (decision 091): the executors of an estate entry, the legal contacts of a marked document. */
  roleGrants: RoleGrantView[];
  /**
   * The people among beneficiaryEmails told only that it exists, not its content (decision 098);
   * every other one receives the content.
   */
  catalogueEmails?: string[];
  /** A document marked "for my legal contact". */
  isForLegalContact: boolean;
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

/** An address a role gives an item to, and which role (decision 091). */
export type RoleGrantView = { email: string; role: "executor" | "legal_contact" };

/**
 * Why `email` would receive this item at a release (decision 091): it is left to them, or a role
 * gives it ("executor", "legal_contact"), or null. Addresses compared lower-case and trimmed.
 */
export function receivedAs(
  asset: Pick<AssetView, "beneficiaryEmails" | "roleGrants">,
  email: string,
): "left" | RoleGrantView["role"] | null {
  const same = (e: string) => e.trim().toLowerCase() === email.trim().toLowerCase();
  if (asset.beneficiaryEmails.some(same)) return "left";
  return asset.roleGrants.find((g) => same(g.email))?.role ?? null;
}

/** The words for a role's reason beside an item (decision 091). */
export const RECEIVED_AS_TEXT = { executor: "As executor", legal_contact: "As legal contact" };

/** GET /api/assets. */
export type AssetListView = { assets: AssetView[] };

/** POST /api/assets/titles: how many titles were sealed, and how many ids were not the caller's clear-titled items. */
export type AssetTitlesMovedView = { moved: number; skipped: number };

/** An asset's wrapped content key and encrypted fields (base64), for the owner's browser to open. */
export type AssetContentView = { id: string; wrappedKey: string; encryptedData: string };

/** GET /api/assets/contents: one page; `next` is the `after` of the following page, or null. */
export type AssetContentsPageView = { contents: AssetContentView[]; next: string | null };

/** One asset for its owner: plus the encrypted fields (base64). */
export type AssetWithContentView = AssetView & { encryptedData: string };

/** The decrypted fields of each type (spec 02 §3), sealed in the browser. */
export type ContentOf<T extends AssetType> = T extends "password"
  ? PasswordContent
  : T extends "document"
    ? DocumentContent
    : T extends "estate"
      ? EstateContent
      : T extends "message"
        ? MessageContent
        : T extends "wishes"
          ? WishesContent
          : NoteContent;
