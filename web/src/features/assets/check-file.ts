import {
  type AssetFileKind,
  type AssetFileView,
  essenceOf,
  FILE_TYPES,
  type FileTypeRule,
  unsupportedFileTypeMessage,
} from "@common/assets/files";
import {
  CHUNKED_FILE_MAX_BYTES,
  FILE_UPLOAD_MSG,
  plaintextBytesOf,
} from "@common/assets/file-uploads";
import { sniffFile, type SniffedType } from "@/lib/crypto/sniff-file";

/** What each allowed type looks like by its first bytes (lib/crypto/sniff-file.ts). */
const SIGNATURE: Record<string, SniffedType> = {
  "application/pdf": "pdf",
  "application/msword": "ole-office",
  "application/vnd.ms-excel": "ole-office",
  "application/vnd.ms-powerpoint": "ole-office",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": "zip-office",
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": "zip-office",
  "application/vnd.openxmlformats-officedocument.presentationml.presentation": "zip-office",
  "image/jpeg": "jpeg",
  "image/png": "png",
  "image/gif": "gif",
  "text/plain": "text",
  "text/csv": "text",
  "audio/webm": "webm",
};

export type FileCheck = { ok: true; rule: FileTypeRule } | { ok: false; error: string };

export const extensionOf = (name: string) => /\.([^./\\]+)$/.exec(name)?.[1]?.toLowerCase() ?? "";

/** "Will 2024.final.pdf" -> "Will 2024.final" (spec 02 §5: the title defaults to the file name without its extension). */
export const titleFromFileName = (name: string) => name.replace(/\.[^./\\]+$/, "").trim();

/**
 * The browser's check before anything is sent: the extension must be one the kind allows AND
 * the content must look like that type (an .exe renamed .pdf is refused), then the size: every
 * file goes up in encrypted chunks (docs/decisions/108), any allowed type up to 2 GB. The rule
 * found names the type to declare to the server. Throws when the file cannot be read.
 */
export async function checkFile(file: File, kind: AssetFileKind): Promise<FileCheck> {
  const extension = extensionOf(file.name);
  const rule = FILE_TYPES[kind].find((r) => r.extensions.includes(extension));
  if (!rule || (await sniffFile(file)) !== SIGNATURE[rule.type])
    return { ok: false, error: unsupportedFileTypeMessage(kind) };
  if (file.size > CHUNKED_FILE_MAX_BYTES) return { ok: false, error: FILE_UPLOAD_MSG.tooLarge };
  return { ok: true, rule };
}

/** "PDF", "DOCX"... for a stored file's declared type. */
export const fileTypeLabel = (kind: AssetFileKind, contentType: string) =>
  (
    FILE_TYPES[kind].find((r) => r.type === essenceOf(contentType))?.extensions[0] ?? "file"
  ).toUpperCase();

/** A stored file's plaintext size: its ciphertext without the IV and tag (of each chunk). */
export const plainSize = (file: Pick<AssetFileView, "size" | "isChunked">) =>
  plaintextBytesOf(file);
