/** Documents, one of the asset types (spec 02 §3, §5, §8); their files are in ./files.ts. */

/** The decrypted fields of a document (spec 02 §3), sealed in the browser; the file travels separately, encrypted too. */
export type DocumentContent = {
  fileName: string;
  contentType: string;
  fileSize: number;
  notes: string;
};

/** The document texts: the spec's (02 §8) and those it implies by "matching" the password ones. */
export const DOCUMENT_MSG = {
  titleRequired: "Please enter a title for the document",
  deleted: "Document deleted successfully",
  deleteFailed: "Failed to delete document",
  uploaded: "Document uploaded successfully",
  uploadFailed: "Failed to upload document",
  downloadStarted: "Document download started",
  downloadFailed: "Failed to download document",
  viewFailed: "Failed to view document",
  loadFailed: "Failed to load documents",
  notFound: "Document not found",
  updated: "Document updated successfully",
  updateFailed: "Failed to update document",
  uploadHint: "up to 10MB",
} as const;
