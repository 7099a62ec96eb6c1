/** Notes, one of the asset types (spec 02 §3, §5, §8): text, a recording, an attachment. */

/** The decrypted fields of a note (spec 02 §3), sealed in the browser; its files travel separately, encrypted too. */
export type NoteContent = {
  text: string;
  audioRecording: { duration: number; contentType: string } | null;
  attachment: { fileName: string; contentType: string; fileSize: number } | null;
};

/** The note texts: the spec's (02 §8) and those it implies by "matching" the password ones. */
export const NOTE_MSG = {
  deleted: "Note deleted successfully",
  deleteFailed: "Failed to delete note",
  created: "Note created successfully",
  createFailed: "Failed to create note",
  attachFailed: "Failed to attach file",
  attached: "File attached successfully",
  microphoneDenied: "Could not access microphone. Please check permissions.",
  recordingStarted: "Recording started",
  recordingComplete: "Recording complete",
  loadFailed: "Failed to load notes",
  notFound: "Note not found",
  updated: "Note updated successfully",
  updateFailed: "Failed to update note",
} as const;
