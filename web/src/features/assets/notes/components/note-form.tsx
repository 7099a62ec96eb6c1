import { zodResolver } from "@hookform/resolvers/zod";
import { ASSET_MSG } from "@common/assets";
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

type Props = { opened?: OpenedAsset<"note">; onSaved: () => void };

/** Create (no `opened`) or edit a note: title, text, one recording, one attachment and the beneficiary; files are encrypted and uploaded with progress. */
export function NoteForm({ opened, onSaved }: Props) {
  const content = opened?.content ?? null;
  const form = useForm<NoteFormValues>({
    resolver: zodResolver(noteFormSchema),
    defaultValues: {
      title: opened?.asset.title ?? "",
      text: content?.text ?? "",
      beneficiaryEmail: opened?.asset.beneficiaryEmail ?? null,
    },
  });
  const [recording, setRecording] = useState<RecordingDraft>(() => recordingDraftOf(content));
  const [attachment, setAttachment] = useState<AttachmentDraft>(() => attachmentDraftOf(content));
  const [transfer, setTransfer] = useState<Transfer | null>(null);
  const [serverError, setServerError] = useState<string>();
  const [isRecording, setIsRecording] = useState(false);
  const create = useCreateNote();
  const update = useUpdateNote();
  const { errors, isSubmitting } = form.formState;
  const [initialDrafts] = useState(() => ({ recording, attachment }));
  const hasFileChanges =
    recording !== initialDrafts.recording || attachment !== initialDrafts.attachment;
  useWarnOnLeave((form.formState.isDirty || hasFileChanges) && !isSubmitting);
  const stored = opened ? { assetId: opened.asset.id, contentKey: opened.contentKey } : null;
  const [done, failed] = opened
    ? [ASSET_MSG.noteUpdated, ASSET_MSG.noteUpdateFailed]
    : [ASSET_MSG.noteCreated, ASSET_MSG.noteCreateFailed];

  const onSubmit = form.handleSubmit(async (values) => {
    setServerError(undefined);
    const draft = { ...values, recording, attachment };
    try {
      if (opened)
        await update.mutateAsync({
          id: opened.asset.id,
          previousBeneficiaryEmail: opened.asset.beneficiaryEmail,
          contentKey: opened.contentKey,
          wrappedKey: opened.wrappedKey,
          stored: opened.content,
          draft,
          onProgress: setTransfer,
        });
      else await create.mutateAsync({ draft, onProgress: setTransfer });
      toast.success(done);
      onSaved();
    } catch (err) {
      const message =
        err instanceof FileReadError ? ASSET_MSG.fileProcessingError : errorMessage(err, failed);
      setServerError(message);
      toast.error(message);
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
        name="beneficiaryEmail"
        render={({ field }) => <BeneficiaryField value={field.value} onChange={field.onChange} />}
      />
      <TransferProgress transfer={transfer} />
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={isSubmitting || isRecording}>
          {isSubmitting ? "Saving..." : opened ? "Save Changes" : "Create Note"}
        </Button>
        {isRecording && (
          <p className="text-sm text-foreground-soft">Stop the recording to save the note.</p>
        )}
      </div>
    </form>
  );
}
