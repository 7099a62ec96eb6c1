import { z } from "zod";
import { emailSchema } from "./auth-schemas.js";

/* ---------- constants ---------- */

/** The asset types and limits from the specification (02 §3, §5, §9), used by server and web alike. */
export const ASSET_TYPES = ["password", "document", "note"] as const;
export type AssetType = (typeof ASSET_TYPES)[number];

export const ASSET_FILE_KINDS = ["document", "recording", "attachment"] as const;
export type AssetFileKind = (typeof ASSET_FILE_KINDS)[number];

/** Which asset type holds each kind of file: a document asset its document, a note its recording and attachment. */
export const FILE_KIND_ASSET_TYPE: Record<AssetFileKind, AssetType> = {
  document: "document",
  recording: "note",
  attachment: "note",
};

/** PUT /api/assets/:id/files: the byte length of the JSON that opens the body (the files follow it). */
export const ASSET_FILES_JSON_LENGTH_HEADER = "x-json-length";

export const TITLE_MAX_LENGTH = 200;
/** AES-GCM adds a 12-byte IV and a 16-byte tag to every plaintext (docs/decisions/009). */
export const GCM_OVERHEAD_BYTES = 28;
/** A wrapped content key: IV ‖ 32-byte key ‖ tag is 60 bytes. */
export const WRAPPED_KEY_MAX_BYTES = 100;
/** The encrypted JSON of an asset's small fields (files travel separately). */
export const ENCRYPTED_DATA_MAX_BYTES = 256 * 1024;
/** The JSON of an asset (POST, PATCH /api/assets, and the JSON opening PUT /api/assets/:id/files): its content in base64 and 16 KB for the other fields, escaped at worst (docs/decisions/019). */
export const ASSET_JSON_MAX_BYTES = Math.ceil(ENCRYPTED_DATA_MAX_BYTES / 3) * 4 + 16 * 1024;

const MB = 1024 * 1024;
export type FileTypeRule = { type: string; extensions: string[]; maxBytes: number };

/** Spec 02 §9: document types and their size limits. */
export const DOCUMENT_FILE_TYPES: FileTypeRule[] = [
  { type: "application/pdf", extensions: ["pdf"], maxBytes: 10 * MB },
  { type: "application/msword", extensions: ["doc"], maxBytes: 10 * MB },
  {
    type: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    extensions: ["docx"],
    maxBytes: 10 * MB,
  },
  { type: "application/vnd.ms-excel", extensions: ["xls"], maxBytes: 10 * MB },
  {
    type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    extensions: ["xlsx"],
    maxBytes: 10 * MB,
  },
  { type: "application/vnd.ms-powerpoint", extensions: ["ppt"], maxBytes: 10 * MB },
  {
    type: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
    extensions: ["pptx"],
    maxBytes: 10 * MB,
  },
  { type: "image/jpeg", extensions: ["jpg", "jpeg"], maxBytes: 5 * MB },
  { type: "image/png", extensions: ["png"], maxBytes: 5 * MB },
  { type: "image/gif", extensions: ["gif"], maxBytes: 5 * MB },
  { type: "text/plain", extensions: ["txt"], maxBytes: 2 * MB },
  { type: "text/csv", extensions: ["csv"], maxBytes: 5 * MB },
];

/** Spec 02 §5/§9: a note's attachment is pdf, doc, docx, txt, jpg, jpeg or png, at most 5MB. */
export const ATTACHMENT_MAX_BYTES = 5 * MB;
const ATTACHMENT_TYPES = [
  "application/pdf",
  "application/msword",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  "text/plain",
  "image/jpeg",
  "image/png",
];
export const ATTACHMENT_FILE_TYPES: FileTypeRule[] = DOCUMENT_FILE_TYPES.filter((r) =>
  ATTACHMENT_TYPES.includes(r.type),
)
  .sort((a, b) => ATTACHMENT_TYPES.indexOf(a.type) - ATTACHMENT_TYPES.indexOf(b.type))
  .map((r) => ({ ...r, maxBytes: ATTACHMENT_MAX_BYTES }));

/** Spec 02 §9: recordings are audio/webm. The spec sets no size: 25MB is about 25 minutes at the browser's default 128 kbit/s (docs/decisions/009). */
export const RECORDING_MAX_BYTES = 25 * MB;
export const RECORDING_FILE_TYPES: FileTypeRule[] = [
  { type: "audio/webm", extensions: ["webm"], maxBytes: RECORDING_MAX_BYTES },
];

export const FILE_TYPES: Record<AssetFileKind, FileTypeRule[]> = {
  document: DOCUMENT_FILE_TYPES,
  recording: RECORDING_FILE_TYPES,
  attachment: ATTACHMENT_FILE_TYPES,
};

/** The declared type without parameters ("audio/webm;codecs=opus" is audio/webm), lower-cased. */
export const essenceOf = (contentType: string) =>
  (contentType.split(";")[0] ?? "").trim().toLowerCase();

/** The rule for a file of `kind` declared as `contentType`, or null when that type is not allowed. */
export function fileTypeRule(kind: AssetFileKind, contentType: string): FileTypeRule | null {
  const essence = essenceOf(contentType);
  return FILE_TYPES[kind].find((r) => r.type === essence) ?? null;
}

/** "pdf, doc, docx, ..." for the messages. */
export const allowedExtensions = (kind: AssetFileKind) =>
  FILE_TYPES[kind].flatMap((r) => r.extensions).join(", ");

export const toMegabytes = (bytes: number) => Math.round(bytes / MB);

/** Spec 02 §2, §9: a stored password is shown masked with at most 12 dots. */
export const PASSWORD_MASK_MAX_DOTS = 12;

/* ---------- messages ---------- */

/** Password, document and note texts, worded as the specification words them (02 §5, §8). */
/** Most people one item may be left to (docs/decisions/053). */
export const ASSET_BENEFICIARIES_MAX = 20;

export const ASSET_MSG = {
  titleRequired: "Title is required",
  titleTooLong: "Title must be at most 200 characters",
  passwordRequired: "Password is required",
  selectFile: "Please select a file to upload",
  documentTitleRequired: "Please enter a title for the document",
  attachmentTooLarge: "File is too large. Maximum size is 5MB.",
  recordingTooLarge: "The recording is too large. Maximum size is 25MB.",
  fileKindMismatch: "This kind of file cannot be added to this item",
  uploadNotOctetStream: "Files must be uploaded as application/octet-stream",
  notCiphertext: "The content must be encrypted before it is uploaded",
  uploadIncomplete: "The upload was incomplete. Nothing was changed; please try again.",
  keyWithoutContent: "A new key needs new content",
  releaseNotEditable: "Release fields cannot be changed here",
  idTaken: "This item already exists",
  beneficiaryTwice: "A beneficiary is chosen twice",
  tooManyBeneficiaries: `An item can be left to at most ${ASSET_BENEFICIARIES_MAX} people`,
  beneficiaryKeyTwice: "A beneficiary key is sent twice",
  // toasts (spec 02 §8)
  loadPasswordsFailed: "Failed to load passwords",
  passwordDeleted: "Password deleted successfully",
  passwordDeleteFailed: "Failed to delete password",
  passwordNotFound: "Password not found",
  passwordSaveFailed: "Failed to save password",
  passwordSaved: "Password saved successfully",
  passwordUpdateFailed: "Failed to update password",
  passwordUpdated: "Password updated successfully",
  documentDeleted: "Document deleted successfully",
  documentDeleteFailed: "Failed to delete document",
  documentUploaded: "Document uploaded successfully",
  documentUploadFailed: "Failed to upload document",
  fileProcessingError: "Error processing file",
  documentDownloadStarted: "Document download started",
  documentDownloadFailed: "Failed to download document",
  documentViewFailed: "Failed to view document",
  noteDeleted: "Note deleted successfully",
  noteDeleteFailed: "Failed to delete note",
  noteCreated: "Note created successfully",
  noteCreateFailed: "Failed to create note",
  attachFailed: "Failed to attach file",
  attached: "File attached successfully",
  microphoneDenied: "Could not access microphone. Please check permissions.",
  recordingStarted: "Recording started",
  recordingComplete: "Recording complete",
  // documents and notes: the texts spec 02 §8 implies by "matching" the password ones
  loadDocumentsFailed: "Failed to load documents",
  documentNotFound: "Document not found",
  documentUpdated: "Document updated successfully",
  documentUpdateFailed: "Failed to update document",
  loadNotesFailed: "Failed to load notes",
  noteNotFound: "Note not found",
  noteUpdated: "Note updated successfully",
  noteUpdateFailed: "Failed to update note",
  documentUploadHint: "up to 10MB",
  websiteCopied: "Website URL copied to clipboard",
  usernameCopied: "Username copied to clipboard",
  passwordCopied: "Password copied to clipboard",
  // the lists' one-click copies (issue 16): the clipboard is cleared after CLIPBOARD_CLEAR_MS
  copiedWillClear: "Copied. The clipboard will be cleared in 30 seconds.",
} as const;

/** A username or password copied from a list leaves the clipboard after 30 seconds, if it is still there. */
export const CLIPBOARD_CLEAR_MS = 30_000;

/** 'Unsupported file type. Allowed types are: ...' (spec 02 §5). */
export const unsupportedFileTypeMessage = (kind: AssetFileKind) =>
  `Unsupported file type. Allowed types are: ${allowedExtensions(kind)}`;

/** The spec's oversize message for each kind of file. */
export function fileTooLargeMessage(kind: AssetFileKind, rule: FileTypeRule): string {
  if (kind === "attachment") return ASSET_MSG.attachmentTooLarge;
  if (kind === "recording") return ASSET_MSG.recordingTooLarge;
  return `File size cannot exceed ${toMegabytes(rule.maxBytes)}MB for this file type`;
}

/* ---------- inputs ---------- */

/** The byte length of a valid base64 string, without decoding it. */
export const base64Length = (s: string) =>
  Math.floor((s.length * 3) / 4) - (s.endsWith("==") ? 2 : s.endsWith("=") ? 1 : 0);

/** An AES-GCM blob (IV ‖ ciphertext ‖ tag) in base64, between 28 bytes and `maxBytes` decoded. */
export const ciphertextBase64 = (maxBytes: number, tooLarge: string) =>
  z
    .string()
    .max(Math.ceil(maxBytes / 3) * 4, tooLarge)
    .pipe(z.base64(ASSET_MSG.notCiphertext))
    .refine((s) => base64Length(s) >= GCM_OVERHEAD_BYTES, ASSET_MSG.notCiphertext)
    .refine((s) => base64Length(s) <= maxBytes, tooLarge);

export const wrappedKeySchema = ciphertextBase64(
  WRAPPED_KEY_MAX_BYTES,
  `The wrapped key must be at most ${WRAPPED_KEY_MAX_BYTES} bytes`,
);
export const encryptedDataSchema = ciphertextBase64(
  ENCRYPTED_DATA_MAX_BYTES,
  `The encrypted content must be at most ${ENCRYPTED_DATA_MAX_BYTES / 1024} KB`,
);

export const assetTypeSchema = z.enum(ASSET_TYPES);
export const assetFileKindSchema = z.enum(ASSET_FILE_KINDS);
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

/** A file of an asset: its declared type and the ciphertext's size (the bytes travel separately). */
export type AssetFileView = { kind: AssetFileKind; contentType: string; size: number };

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

/** The decrypted fields of each type (spec 02 §3), sealed in the browser; files travel separately, encrypted too. */
export type PasswordContent = {
  username: string;
  password: string;
  website: string;
  notes: string;
};
export type DocumentContent = {
  fileName: string;
  contentType: string;
  fileSize: number;
  notes: string;
};
export type NoteContent = {
  text: string;
  audioRecording: { duration: number; contentType: string } | null;
  attachment: { fileName: string; contentType: string; fileSize: number } | null;
};
export type ContentOf<T extends AssetType> = T extends "password"
  ? PasswordContent
  : T extends "document"
    ? DocumentContent
    : NoteContent;

/* ---------- file versions (docs/decisions/049-document-versions.md) ---------- */

/** Replacing a file of these kinds keeps the one it replaces as an earlier version. */
export const VERSIONED_FILE_KINDS: readonly AssetFileKind[] = ["document"];
/** At most this many earlier versions of a file are kept; a replacement past it drops the oldest. */
export const FILE_VERSIONS_KEPT = 10;

/** One version of an asset's file: the current one (versionId null) or an earlier one. */
export type AssetFileVersionView = {
  versionId: string | null;
  isCurrent: boolean;
  contentType: string;
  /** The ciphertext's size (plaintext + 28). */
  size: number;
  /** When this version was uploaded. */
  createdAt: string;
};

/** GET /api/assets/:id/files/document/versions: newest first, the current file first of all. */
export type AssetFileVersionsView = { versions: AssetFileVersionView[] };
