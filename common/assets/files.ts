import { z } from "zod";

/**
 * The files of assets (spec 02 §5, §9): which kinds there are, which types and sizes each accepts,
 * their messages, and the earlier versions a replaced file leaves (docs/decisions/049).
 */

export const ASSET_FILE_KINDS = ["document", "recording", "attachment", "media"] as const;
export type AssetFileKind = (typeof ASSET_FILE_KINDS)[number];
export const assetFileKindSchema = z.enum(ASSET_FILE_KINDS);

/** PUT /api/assets/:id/files: the byte length of the JSON that opens the body (the files follow it). */
export const ASSET_FILES_JSON_LENGTH_HEADER = "x-json-length";

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

/**
 * A message's voice recording or video (docs/decisions/089), recorded in the browser or uploaded.
 * Encrypted whole in the browser like every file today, so the limit stays where a phone's browser
 * holds it in memory twice: 100MB is about two minutes of a phone's video, or hours of voice.
 */
export const MEDIA_MAX_BYTES = 100 * MB;
export const MEDIA_FILE_TYPES: FileTypeRule[] = [
  { type: "audio/webm", extensions: ["webm"], maxBytes: MEDIA_MAX_BYTES },
  { type: "audio/ogg", extensions: ["ogg", "oga"], maxBytes: MEDIA_MAX_BYTES },
  { type: "audio/mpeg", extensions: ["mp3"], maxBytes: MEDIA_MAX_BYTES },
  { type: "audio/mp4", extensions: ["m4a"], maxBytes: MEDIA_MAX_BYTES },
  { type: "audio/wav", extensions: ["wav"], maxBytes: MEDIA_MAX_BYTES },
  { type: "video/webm", extensions: ["webm"], maxBytes: MEDIA_MAX_BYTES },
  { type: "video/mp4", extensions: ["mp4", "m4v"], maxBytes: MEDIA_MAX_BYTES },
  { type: "video/quicktime", extensions: ["mov"], maxBytes: MEDIA_MAX_BYTES },
];

export const FILE_TYPES: Record<AssetFileKind, FileTypeRule[]> = {
  document: DOCUMENT_FILE_TYPES,
  recording: RECORDING_FILE_TYPES,
  attachment: ATTACHMENT_FILE_TYPES,
  media: MEDIA_FILE_TYPES,
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

/** The texts about picking and reading a file, worded as the specification words them (02 §5, §8). */
export const FILE_MSG = {
  selectFile: "Please select a file to upload",
  fileProcessingError: "Error processing file",
  attachmentTooLarge: "File is too large. Maximum size is 5MB.",
  recordingTooLarge: "The recording is too large. Maximum size is 25MB.",
  mediaTooLarge: "The recording or video is too large. Maximum size is 100MB.",
} as const;

/** 'Unsupported file type. Allowed types are: ...' (spec 02 §5). */
export const unsupportedFileTypeMessage = (kind: AssetFileKind) =>
  `Unsupported file type. Allowed types are: ${allowedExtensions(kind)}`;

/** The spec's oversize message for each kind of file. */
export function fileTooLargeMessage(kind: AssetFileKind, rule: FileTypeRule): string {
  if (kind === "attachment") return FILE_MSG.attachmentTooLarge;
  if (kind === "recording") return FILE_MSG.recordingTooLarge;
  if (kind === "media") return FILE_MSG.mediaTooLarge;
  return `File size cannot exceed ${toMegabytes(rule.maxBytes)}MB for this file type`;
}

/**
 * A file of an asset: its declared type and the ciphertext's size (the bytes travel separately);
 * `isChunked` when it was uploaded in encrypted chunks (docs/decisions/108), 28 bytes per chunk.
 */
export type AssetFileView = {
  kind: AssetFileKind;
  contentType: string;
  size: number;
  isChunked: boolean;
};

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
  /** The ciphertext's size (plaintext + 28, or + 28 per chunk when `isChunked`). */
  size: number;
  isChunked: boolean;
  /** When this version was uploaded. */
  createdAt: string;
};

/** GET /api/assets/:id/files/document/versions: newest first, the current file first of all. */
export type AssetFileVersionsView = { versions: AssetFileVersionView[] };
