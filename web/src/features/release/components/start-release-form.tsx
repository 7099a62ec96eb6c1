import { zodResolver } from "@hookform/resolvers/zod";
import { RELEASE_MSG, RELEASE_UI_MSG } from "@common/release";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { DialogClose, DialogFooter } from "@/components/ui/dialog";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { TransferProgress, type Transfer } from "@/features/assets/components/transfer-progress";
import { errorMessage } from "@/lib/api-client";
import { applyServerErrors } from "@/lib/field-errors";
import { isoDay } from "@/lib/format";
import { toast } from "@/lib/toast";
import { useCreateClientRelease } from "../api/create-client-release";
import { useUploadClientReleaseDocument } from "../api/upload-client-release-document";
import type { AttestationDocument } from "../attestation-document";
import {
  ATTESTATION_FIELDS,
  attestationFormSchema,
  type AttestationForm,
} from "../attestation-form-schema";
import { AttestationDocumentField } from "./attestation-document-field";

type Props = {
  clientId: string;
  clientName: string;
  defaultAttester: string;
  /** True while the attestation or its document is being sent (the dialog then stays open). */
  onSending: (isSending: boolean) => void;
  onStarted: () => void;
};

/**
 * The 'Start a release' dialog's form: who attests and the date (sent first: this starts the
 * release), then the optional document with a progress bar. Should the document fail, the
 * release stands and the form offers to send the document again.
 */
export function StartReleaseForm({
  clientId,
  clientName,
  defaultAttester,
  onSending,
  onStarted,
}: Props) {
  const creation = useCreateClientRelease();
  const upload = useUploadClientReleaseDocument();
  const form = useForm<AttestationForm>({
    resolver: zodResolver(attestationFormSchema),
    defaultValues: { attesterName: defaultAttester, eventDate: "" },
  });
  const [document, setDocument] = useState<AttestationDocument | null>(null);
  const [documentError, setDocumentError] = useState<string>();
  const [transfer, setTransfer] = useState<Transfer | null>(null);
  const [isStarted, setIsStarted] = useState(false);
  const { errors } = form.formState;
  const isBusy = creation.isPending || upload.isPending;

  const start = async (values: AttestationForm) => {
    try {
      await creation.mutateAsync({ clientId, ...values });
      return true;
    } catch (err) {
      const message = errorMessage(err, RELEASE_UI_MSG.attestationFailed);
      applyServerErrors(form.setError, err, { fields: ATTESTATION_FIELDS, fallback: message });
      return false;
    }
  };
  const sendDocument = async (doc: AttestationDocument) => {
    try {
      await upload.mutateAsync({
        clientId,
        ...doc,
        onProgress: (fraction) => setTransfer({ label: "Uploading document...", fraction }),
      });
      return true;
    } catch (err) {
      const message = errorMessage(err, RELEASE_UI_MSG.documentUploadFailed);
      setDocumentError(message);
      return false;
    } finally {
      setTransfer(null);
    }
  };

  const onSubmit = form.handleSubmit(async (values) => {
    onSending(true);
    try {
      if (!isStarted) {
        if (!(await start(values))) return;
        setIsStarted(true);
      }
      if (document && !(await sendDocument(document))) return;
      toast.success(RELEASE_MSG.attestationStarted);
      onStarted();
    } finally {
      onSending(false);
    }
  });

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate className="grid gap-4">
      <FormField
        label="Attested by"
        error={errors.attesterName?.message}
        hint="The person who reports the death or incapacity."
      >
        <Input
          autoComplete="name"
          aria-required="true"
          readOnly={isStarted}
          {...form.register("attesterName")}
        />
      </FormField>
      <FormField label="Date of death or incapacity" error={errors.eventDate?.message}>
        <Input
          type="date"
          max={isoDay()}
          aria-required="true"
          readOnly={isStarted}
          {...form.register("eventDate")}
        />
      </FormField>
      <AttestationDocumentField
        value={document}
        error={documentError}
        disabled={isBusy}
        onChange={(next, error) => {
          setDocument(next);
          setDocumentError(error);
        }}
      />
      <TransferProgress transfer={transfer} />
      {errors.root?.server?.message && (
        <Alert variant="destructive">{errors.root.server.message}</Alert>
      )}
      {isStarted && (
        <Alert variant="warning">{RELEASE_UI_MSG.startedWithoutDocument(clientName)}</Alert>
      )}
      <DialogFooter>
        <DialogClose asChild>
          <Button type="button" variant="outline" disabled={isBusy}>
            {isStarted ? "Close" : "Cancel"}
          </Button>
        </DialogClose>
        <Button
          type="submit"
          variant={isStarted ? "default" : "destructive"}
          disabled={isBusy || (isStarted && !document)}
        >
          {isBusy
            ? isStarted
              ? "Uploading..."
              : "Starting..."
            : isStarted
              ? "Upload document"
              : "Start release"}
        </Button>
      </DialogFooter>
    </form>
  );
}
