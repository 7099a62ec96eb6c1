import type { AssetFileKind } from "@common/assets/files";
import type { NoteContent } from "@common/assets/notes";
import { useMutation } from "@tanstack/react-query";
import { useCreateAsset } from "@/features/assets/api/create-asset";
import { useDeleteAsset } from "@/features/assets/api/delete-asset";
import { useUpdateAssetFiles, type NewAssetFile } from "@/features/assets/api/update-asset-files";
import type { UploadAssetFileInput } from "@/features/assets/api/upload-asset-file";
import { useUploadAssetFileInChunks } from "@/features/assets/api/upload-asset-file-in-chunks";
import type { Transfer } from "@/features/assets/components/transfer-progress";
import { noteContentOf, type AttachmentDraft, type RecordingDraft } from "./note-drafts";

export type NoteDraft = {
  title: string;
  text: string;
  beneficiaryEmails: string[];
  recording: RecordingDraft;
  attachment: AttachmentDraft;
};
type Upload = { kind: AssetFileKind; file: Blob; contentType: string };
type Uploader = (input: UploadAssetFileInput) => Promise<unknown>;

const newFiles = ({ recording, attachment }: NoteDraft): Upload[] => [
  ...(recording.kind === "new"
    ? [{ kind: "recording" as const, file: recording.blob, contentType: recording.contentType }]
    : []),
  ...(attachment.kind === "new"
    ? [
        {
          kind: "attachment" as const,
          file: attachment.picked.file,
          contentType: attachment.picked.rule.type,
        },
      ]
    : []),
];

/** Encrypts and uploads the note's new files in chunks one after the other, reporting one progress over all of their bytes. */
async function uploadAll(
  upload: Uploader,
  {
    assetId,
    contentKey,
    files,
    onProgress,
  }: { assetId: string; contentKey: CryptoKey; files: Upload[]; onProgress: (t: Transfer) => void },
) {
  const total = files.reduce((n, f) => n + f.file.size, 0) || 1;
  let done = 0;
  for (const f of files) {
    const noun = f.kind === "recording" ? "recording" : "attachment";
    await upload({
      assetId,
      kind: f.kind,
      contentKey,
      file: f.file,
      contentType: f.contentType,
      onProgress: (p) =>
        onProgress({
          label: `${p.phase === "encrypting" ? "Encrypting" : "Uploading"} ${noun}...`,
          fraction: (done + p.fraction * f.file.size) / total,
        }),
    });
    done += f.file.size;
  }
}

/** A new note: the asset first, then its files with its new content key; when a file fails, the note is deleted again. */
export function useCreateNote() {
  const { mutateAsync: createAsset } = useCreateAsset<"note">();
  const { mutateAsync: upload } = useUploadAssetFileInChunks();
  const { mutateAsync: deleteAsset } = useDeleteAsset();
  return useMutation({
    mutationFn: async ({
      draft,
      onProgress,
    }: {
      draft: NoteDraft;
      onProgress: (t: Transfer) => void;
    }) => {
      const content = noteContentOf(draft.text, draft.recording, draft.attachment);
      const { asset, contentKey } = await createAsset({
        type: "note",
        title: draft.title.trim(),
        beneficiaryEmails: draft.beneficiaryEmails,
        content,
      });
      try {
        await uploadAll(upload, {
          assetId: asset.id,
          contentKey,
          files: newFiles(draft),
          onProgress,
        });
      } catch (err) {
        await deleteAsset(asset.id).catch(() => undefined);
        throw err;
      }
      return asset;
    },
  });
}

type UpdateInput = {
  id: string;
  /** The note's beneficiaries before this edit. */
  previousBeneficiaryEmails: string[];
  contentKey: CryptoKey;
  /** The note's stored `wrappedKey` (a new beneficiary's wrap is made from it). */
  wrappedKey: Uint8Array;
  stored: NoteContent;
  draft: NoteDraft;
  onProgress: (t: Transfer) => void;
};

/** What an edit does to each stored file: a new one replaces it, "none" removes it, and a file left as it was is not named. */
function fileChanges(
  draft: NoteDraft,
  stored: NoteContent,
): Partial<Record<AssetFileKind, NewAssetFile | null>> {
  const changes: Partial<Record<AssetFileKind, NewAssetFile | null>> = {};
  for (const f of newFiles(draft)) changes[f.kind] = { file: f.file, contentType: f.contentType };
  if (stored.audioRecording && draft.recording.kind === "none") changes.recording = null;
  if (stored.attachment && draft.attachment.kind === "none") changes.attachment = null;
  return changes;
}

/**
 * An edited note: its text, title, beneficiary and file changes in one request, which the server
 * stores in one transaction. On any failure the note stays exactly as it was (its old text and
 * both old files), and the form keeps the draft to try again (docs/decisions/009).
 */
export function useUpdateNote() {
  const { mutateAsync: updateAssetFiles } = useUpdateAssetFiles<"note">();
  return useMutation({
    mutationFn: ({
      id,
      previousBeneficiaryEmails,
      contentKey,
      wrappedKey,
      stored,
      draft,
      onProgress,
    }: UpdateInput) => {
      const files = fileChanges(draft, stored);
      const nouns =
        [files.recording && "recording", files.attachment && "attachment"]
          .filter(Boolean)
          .join(" and ") || "note";
      return updateAssetFiles({
        id,
        title: draft.title,
        beneficiaryEmails: draft.beneficiaryEmails,
        previousBeneficiaryEmails,
        contentKey,
        wrappedKey,
        content: noteContentOf(draft.text, draft.recording, draft.attachment),
        files,
        onProgress: (p) =>
          onProgress({
            label: `${p.phase === "encrypting" ? "Encrypting" : "Uploading"} ${nouns}...`,
            fraction: p.fraction,
          }),
      });
    },
  });
}
