import { allowedExtensions, toMegabytes, type AssetFileKind, type FileTypeRule } from "./vault-constants.js";

/** Vault, document and note texts, worded as the specification words them (02 §5, §8). */
export const VAULT_MSG = {
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
} as const;

/** 'Unsupported file type. Allowed types are: ...' (spec 02 §5). */
export const unsupportedFileTypeMessage = (kind: AssetFileKind) => `Unsupported file type. Allowed types are: ${allowedExtensions(kind)}`;

/** The spec's oversize message for each kind of file. */
export function fileTooLargeMessage(kind: AssetFileKind, rule: FileTypeRule): string {
  if (kind === "attachment") return VAULT_MSG.attachmentTooLarge;
  if (kind === "recording") return VAULT_MSG.recordingTooLarge;
  return `File size cannot exceed ${toMegabytes(rule.maxBytes)}MB for this file type`;
}
