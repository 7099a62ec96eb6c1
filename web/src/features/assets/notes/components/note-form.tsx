import { openedTitle } from "../../titles/open-titles";
import { zodResolver } from "@hookform/resolvers/zod";
import { FILE_MSG } from "@common/assets/files";
import { NOTE_MSG } from "@common/assets/notes";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input, Textarea } from "@/components/ui/input";
import type { OpenedAsset } from "@/features/assets/api/get-asset";
import { FileReadError } from "@/features/assets/api/upload-asset-file";
import { BeneficiaryField } from "@/features/assets/components/beneficiary-field";
import { TransferProgress, type Transfer } from "@/features/assets/components/transfer-progress";
import { errorMessage } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { useWarnOnLeave } from "@/lib/use-warn-on-leave";
import { useFormDraft, useKeepOnUnmount } from "../../form-draft";
import {
  attachmentDraftOf,
  recordingDraftOf,
  type AttachmentDraft,
  type RecordingDraft,
} from "../note-drafts";
import { noteFormSchema, type NoteForm as NoteFormValues } from "../note-form-schema";
import { useCreateNote, useUpdateNote } from "../use-save-note";
import { AttachmentField } from "./attachment-field";
import { RecordingField } from "./recording-field";

type Props = {
  opened?: OpenedAsset<"note">;
  /** Awaited before the form is done: the new screen saves the item's delay there. */
  onSaved: (id: string) => void | Promise<void>;
  /** The edit mode's Cancel (back to the reading view): shown when given. */
  onCancel?: () => void;
};

type FileDrafts = { recording: RecordingDraft; attachment: AttachmentDraft };

/**
 * Create (no `opened`) or edit a note: title, text, one recording, one attachment and the
 * beneficiary; files are encrypted and uploaded with progress. What was typed is kept in memory
 * (form-draft) across the picker's "+ Add new beneficiary", and, in edit mode, when the screen
 * goes away unsaved (the browser's back button): the reading view then offers it back.
 */
export function NoteForm({ opened, onSaved, onCancel }: Props) {
  const content = opened?.content ?? null;
  const form = useForm<NoteFormValues>({
    resolver: zodResolver(noteFormSchema),
    defaultValues: {
      title: opened ? openedTitle(opened.asset) : "",
      text: content?.text ?? "",
      beneficiaryEmails: opened?.asset.beneficiaryEmails ?? [],
    },
  });
  const draft = useFormDraft<NoteFormValues, FileDrafts>(form);
  const [recording, setRecording] = useState<RecordingDraft>(
    () => draft.restoredExtra?.recording ?? recordingDraftOf(content),
  );
  const [attachment, setAttachment] = useState<AttachmentDraft>(
    () => draft.restoredExtra?.attachment ?? attachmentDraftOf(content),
  );
  const [transfer, setTransfer] = useState<Transfer | null>(null);
  const [serverError, setServerError] = useState<string>();
  const [isRecording, setIsRecording] = useState(false);
  const create = useCreateNote();
  const update = useUpdateNote();
  const { errors, isSubmitting } = form.formState;
  // A restored draft counts as changed: fresh drafts of the stored files never equal its own.
  const [initialDrafts] = useState(() =>
    draft.restoredExtra
      ? { recording: recordingDraftOf(content), attachment: attachmentDraftOf(content) }
      : { recording, attachment },
  );
  const hasFileChanges =
    recording !== initialDrafts.recording || attachment !== initialDrafts.attachment;
  // Saved is not unsaved: the next screen may still be loading while this one shows.
  const [isSaved, setIsSaved] = useState(false);
  const hasChanges = (form.formState.isDirty || hasFileChanges) && !isSubmitting && !isSaved;
  useWarnOnLeave(hasChanges);

  // Edit mode left unsaved without a question (the browser's back button): keep the draft.
  const keep = () => draft.keep({ recording, attachment });
  const leaving = useKeepOnUnmount(opened && hasChanges ? keep : undefined);
  const stored = opened ? { assetId: opened.asset.id, contentKey: opened.contentKey } : null;
  const [done, failed] = opened
    ? [NOTE_MSG.updated, NOTE_MSG.updateFailed]
    : [NOTE_MSG.created, NOTE_MSG.createFailed];

  const onSubmit = form.handleSubmit(async (values) => {
    setServerError(undefined);
    const note = { ...values, recording, attachment };
    try {
      if (opened)
        await update.mutateAsync({
          id: opened.asset.id,
          previousBeneficiaryEmails: opened.asset.beneficiaryEmails,
          contentKey: opened.contentKey,
          wrappedKey: opened.wrappedKey,
          stored: opened.content,
          draft: note,
          onProgress: setTransfer,
        });
      const id = opened
        ? opened.asset.id
        : (await create.mutateAsync({ draft: note, onProgress: setTransfer })).id;
      leaving.finish();
      setIsSaved(true);
      toast.success(done);
      await onSaved(id);
    } catch (err) {
      const message =
        err instanceof FileReadError ? FILE_MSG.fileProcessingError : errorMessage(err, failed);
      setServerError(message);
    } finally {
      setTransfer(null);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5">
      {serverError && (
        <Alert variant="destructive">
          <AlertDescription>{serverError}</AlertDescription>
        </Alert>
      )}
      <FormField label="Title" error={errors.title?.message}>
        <Input autoComplete="off" {...form.register("title")} />
      </FormField>
      <FormField label="Note" error={errors.text?.message}>
        <Textarea rows={8} {...form.register("text")} />
      </FormField>
      <RecordingField
        draft={recording}
        onChange={setRecording}
        stored={stored}
        disabled={isSubmitting}
        onRecordingChange={setIsRecording}
      />
      <AttachmentField
        draft={attachment}
        onChange={setAttachment}
        stored={stored}
        disabled={isSubmitting}
      />
      <Controller
        control={form.control}
        name="beneficiaryEmails"
        render={({ field }) => (
          <BeneficiaryField value={field.value} onChange={field.onChange} onAddNew={keep} />
        )}
      />
      <TransferProgress transfer={transfer} />
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={isSubmitting || isRecording}>
          {isSubmitting ? "Saving..." : opened ? "Save Changes" : "Create Note"}
        </Button>
        {onCancel && (
          <Button
            type="button"
            variant="outline"
            disabled={isSubmitting}
            onClick={() => {
              leaving.finish();
              onCancel();
            }}
          >
            Cancel
          </Button>
        )}
        {isRecording && (
          <p className="text-sm text-foreground-soft">Stop the recording to save the note.</p>
        )}
      </div>
    </form>
  );
}
