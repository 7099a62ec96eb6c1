/** The vault's types and limits from the specification (02 §3, §5, §9), used by server and web alike. */
export const ASSET_TYPES = ["password", "document", "note"] as const;
export type AssetType = (typeof ASSET_TYPES)[number];

export const ASSET_FILE_KINDS = ["document", "recording", "attachment"] as const;
export type AssetFileKind = (typeof ASSET_FILE_KINDS)[number];

/** Which asset type holds each kind of file: a document asset its document, a note its recording and attachment. */
export const FILE_KIND_ASSET_TYPE: Record<AssetFileKind, AssetType> = { document: "document", recording: "note", attachment: "note" };

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
  { type: "application/vnd.openxmlformats-officedocument.wordprocessingml.document", extensions: ["docx"], maxBytes: 10 * MB },
  { type: "application/vnd.ms-excel", extensions: ["xls"], maxBytes: 10 * MB },
  { type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", extensions: ["xlsx"], maxBytes: 10 * MB },
  { type: "application/vnd.ms-powerpoint", extensions: ["ppt"], maxBytes: 10 * MB },
  { type: "application/vnd.openxmlformats-officedocument.presentationml.presentation", extensions: ["pptx"], maxBytes: 10 * MB },
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
export const ATTACHMENT_FILE_TYPES: FileTypeRule[] = DOCUMENT_FILE_TYPES.filter((r) => ATTACHMENT_TYPES.includes(r.type))
  .sort((a, b) => ATTACHMENT_TYPES.indexOf(a.type) - ATTACHMENT_TYPES.indexOf(b.type))
  .map((r) => ({ ...r, maxBytes: ATTACHMENT_MAX_BYTES }));

/** Spec 02 §9: recordings are audio/webm. The spec sets no size: 25MB is about 25 minutes at the browser's default 128 kbit/s (docs/decisions/009). */
export const RECORDING_MAX_BYTES = 25 * MB;
export const RECORDING_FILE_TYPES: FileTypeRule[] = [{ type: "audio/webm", extensions: ["webm"], maxBytes: RECORDING_MAX_BYTES }];

export const FILE_TYPES: Record<AssetFileKind, FileTypeRule[]> = {
  document: DOCUMENT_FILE_TYPES,
  recording: RECORDING_FILE_TYPES,
  attachment: ATTACHMENT_FILE_TYPES,
};

/** The declared type without parameters ("audio/webm;codecs=opus" is audio/webm), lower-cased. */
export const essenceOf = (contentType: string) => (contentType.split(";")[0] ?? "").trim().toLowerCase();

/** The rule for a file of `kind` declared as `contentType`, or null when that type is not allowed. */
export function fileTypeRule(kind: AssetFileKind, contentType: string): FileTypeRule | null {
  const essence = essenceOf(contentType);
  return FILE_TYPES[kind].find((r) => r.type === essence) ?? null;
}

/** "pdf, doc, docx, ..." for the messages. */
export const allowedExtensions = (kind: AssetFileKind) => FILE_TYPES[kind].flatMap((r) => r.extensions).join(", ");

export const toMegabytes = (bytes: number) => Math.round(bytes / MB);

/** Spec 02 §2, §9: a stored password is shown masked with at most 12 dots. */
export const PASSWORD_MASK_MAX_DOTS = 12;
