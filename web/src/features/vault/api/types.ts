import type { AssetFileKind, AssetType } from "@common/assets";

export type AssetFileMeta = { kind: AssetFileKind; contentType: string; size: number };

/** An asset as lists show it: metadata only, no key, no content. */
export type AssetSummary = {
  id: string;
  type: AssetType;
  title: string;
  beneficiaryEmail: string | null;
  createdAt: string;
  updatedAt: string;
  releaseTriggered: boolean;
  releasedAt: string | null;
  files: AssetFileMeta[];
};

/** One asset for its owner: plus the wrapped content key and the encrypted fields (base64). */
export type AssetWithContent = AssetSummary & { wrappedKey: string; encryptedData: string };

/** The decrypted fields of each type (spec 02 §3); files travel separately, encrypted too. */
export type PasswordContent = { username: string; password: string; website: string; notes: string };
export type DocumentContent = { fileName: string; contentType: string; fileSize: number; notes: string };
export type NoteContent = {
  text: string;
  audioRecording: { duration: number; contentType: string } | null;
  attachment: { fileName: string; contentType: string; fileSize: number } | null;
};
export type ContentOf<T extends AssetType> = T extends "password" ? PasswordContent : T extends "document" ? DocumentContent : NoteContent;
