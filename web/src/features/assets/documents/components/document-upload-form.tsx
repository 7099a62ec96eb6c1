import { zodResolver } from "@hookform/resolvers/zod";
import { FILE_MSG } from "@common/assets/files";
import { DOCUMENT_MSG } from "@common/assets/documents";
import { FILE_UPLOAD_MSG } from "@common/assets/file-uploads";
import { useRef, useState, type FormEvent } from "react";
import { Controller, useForm } from "react-hook-form";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { Input, Textarea } from "@/components/ui/input";
import { FileReadError } from "@/features/assets/api/upload-asset-file";
import { titleFromFileName } from "@/features/assets/check-file";
import { BeneficiaryField } from "@/features/assets/components/beneficiary-field";
import { CheckedFileField, type PickedFile } from "@/features/assets/components/checked-file-field";
import { TransferProgress, type Transfer } from "@/features/assets/components/transfer-progress";
import { ApiError, errorMessage } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { useWarnOnLeave } from "@/lib/use-warn-on-leave";
import { documentFormSchema, type DocumentForm } from "../document-form-schema";
import { useUploadDocument } from "../use-upload-document";

const FILE_STATUSES = new Set([413, 415]);
const HINT = `PDF, Word, Excel, PowerPoint, JPG, PNG, GIF, TXT or CSV, ${FILE_UPLOAD_MSG.uploadHint}. Encrypted in your browser, piece by piece, before it is sent.`;

/** /documents/new: the file (checked by type and content before anything is sent), title, notes and beneficiary; then encrypt and upload with progress. */
/** `onUploaded` is awaited before the form is done: the new screen saves the item's delay there. */
export function DocumentUploadForm({
  onUploaded,
}: {
  onUploaded: (id: string) => void | Promise<void>;
}) {
  const form = useForm<DocumentForm>({
    resolver: zodResolver(documentFormSchema),
    defaultValues: { title: "", notes: "", beneficiaryEmails: [] },
  });
  const upload = useUploadDocument();
  const [picked, setPicked] = useState<PickedFile | null>(null);
  const [fileError, setFileError] = useState<string>();
  const [serverError, setServerError] = useState<string>();
  const [transfer, setTransfer] = useState<Transfer | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const { errors, isSubmitting } = form.formState;
  useWarnOnLeave((form.formState.isDirty || picked !== null) && !isSubmitting);

  const onPicked = (next: PickedFile) => {
    setFileError(undefined);
    const title = form.getValues("title");
    if (!title.trim() || (picked && title === titleFromFileName(picked.file.name))) {
      form.setValue("title", titleFromFileName(next.file.name), {
        shouldValidate: form.formState.isSubmitted,
      });
    }
    setPicked(next);
  };
  const onRejected = (message: string) => {
    setPicked(null);
    setFileError(message);
  };

  const send = form.handleSubmit(async (values) => {
    if (!picked) return;
    setServerError(undefined);
    try {
      const asset = await upload.mutateAsync({
        ...values,
        ...picked,
        onProgress: (p) =>
          setTransfer({
            label: p.phase === "encrypting" ? "Encrypting document..." : "Uploading document...",
            fraction: p.fraction,
          }),
      });
      toast.success(DOCUMENT_MSG.uploaded);
      await onUploaded(asset.id);
    } catch (err) {
      if (err instanceof FileReadError) {
        toast.error(FILE_MSG.fileProcessingError);
        return;
      }
      const message = errorMessage(err, DOCUMENT_MSG.uploadFailed);
      if (err instanceof ApiError && FILE_STATUSES.has(err.status)) setFileError(message);
      else setServerError(message);
    } finally {
      setTransfer(null);
    }
  });
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (!picked) {
      setFileError(FILE_MSG.selectFile);
      if (form.getValues("title").trim()) fileInput.current?.focus();
    }
    void send(event);
  };

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5">
      {serverError && (
        <Alert variant="destructive">
          <AlertDescription>{serverError}</AlertDescription>
        </Alert>
      )}
      <CheckedFileField
        kind="document"
        label="Document file"
        hint={HINT}
        current={picked && { name: picked.file.name, size: picked.file.size }}
        error={fileError}
        onPicked={onPicked}
        onRejected={onRejected}
        onUnreadable={() => {
          setPicked(null);
          toast.error(FILE_MSG.fileProcessingError);
        }}
        onRemove={() => setPicked(null)}
        removeLabel="Remove the chosen file"
        disabled={isSubmitting}
        inputRef={fileInput}
      />
      <FormField label="Title" error={errors.title?.message}>
        <Input autoComplete="off" {...form.register("title")} />
      </FormField>
      <FormField label="Notes (Optional)" error={errors.notes?.message}>
        <Textarea rows={4} {...form.register("notes")} />
      </FormField>
      <Controller
        control={form.control}
        name="beneficiaryEmails"
        render={({ field }) => <BeneficiaryField value={field.value} onChange={field.onChange} />}
      />
      <TransferProgress transfer={transfer} />
      <div>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? "Uploading..." : "Upload Document"}
        </Button>
      </div>
    </form>
  );
}
