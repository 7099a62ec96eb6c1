import type { NoteContent } from "@common/assets/notes";
import type { PickedFile } from "@/features/assets/components/checked-file-field";

/** A note's recording while it is edited: none, the one already stored, or a new one from the recorder. */
export type RecordingDraft =
  | { kind: "none" }
  | { kind: "stored"; duration: number; contentType: string }
  | { kind: "new"; blob: Blob; duration: number; contentType: string };

/** A note's attachment while it is edited: none, the stored one, or a new checked file. */
export type AttachmentDraft =
  | { kind: "none" }
  | ({ kind: "stored" } & NonNullable<NoteContent["attachment"]>)
  | { kind: "new"; picked: PickedFile };

export const recordingDraftOf = (content: NoteContent | null): RecordingDraft =>
  content?.audioRecording ? { kind: "stored", ...content.audioRecording } : { kind: "none" };
export const attachmentDraftOf = (content: NoteContent | null): AttachmentDraft =>
  content?.attachment ? { kind: "stored", ...content.attachment } : { kind: "none" };

/** The encrypted JSON of the note: its text and what its files are (the files travel apart). */
export function noteContentOf(
  text: string,
  recording: RecordingDraft,
  attachment: AttachmentDraft,
): NoteContent {
  return {
    text,
    audioRecording:
      recording.kind === "none"
        ? null
        : { duration: recording.duration, contentType: recording.contentType },
    attachment:
      attachment.kind === "none"
        ? null
        : attachment.kind === "stored"
          ? {
              fileName: attachment.fileName,
              contentType: attachment.contentType,
              fileSize: attachment.fileSize,
            }
          : {
              fileName: attachment.picked.file.name,
              contentType: attachment.picked.rule.type,
              fileSize: attachment.picked.file.size,
            },
  };
}
