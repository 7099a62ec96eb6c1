import { ATTESTATION_DOCUMENT_MAX_BYTES } from "@common/release";
import { FileText, X } from "lucide-react";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { FileDropZone } from "@/features/assets/components/file-drop-zone";
import { formatFileSize } from "@/lib/format";
import {
  ATTESTATION_ACCEPT,
  checkAttestationDocument,
  type AttestationDocument,
} from "../attestation-document";

type Props = {
  value: AttestationDocument | null;
  error?: string;
  onChange: (document: AttestationDocument | null, error?: string) => void;
  disabled?: boolean;
};

/** The attestation's optional document: checked in the browser (type by name and content, 10 MB), then shown with a way to remove it. */
export function AttestationDocumentField({ value, error, onChange, disabled }: Props) {
  const onFile = async (file: File) => {
    const check = await checkAttestationDocument(file);
    if (check.ok) onChange(check.document);
    else onChange(null, check.error);
  };
  return (
    <div className="grid gap-3">
      <FormField
        label="Document (optional)"
        hint={`A death certificate or medical statement: PDF, JPG or PNG, up to ${formatFileSize(ATTESTATION_DOCUMENT_MAX_BYTES)}.`}
        error={error}
      >
        <FileDropZone
          accept={ATTESTATION_ACCEPT}
          onFile={(f) => void onFile(f)}
          disabled={disabled}
        />
      </FormField>
      {value && (
        <div className="flex items-center gap-3 rounded-md border border-border bg-muted/60 p-3">
          <FileText aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />
          <div className="grid min-w-0 flex-1">
            <span className="text-sm font-medium wrap-anywhere">{value.file.name}</span>
            <span className="text-xs text-foreground-soft">{formatFileSize(value.file.size)}</span>
          </div>
          <Button
            type="button"
            variant="ghost"
            size="icon"
            onClick={() => onChange(null)}
            disabled={disabled}
            title="Remove the document"
          >
            <X aria-hidden="true" />
            <span className="sr-only">Remove the document</span>
          </Button>
        </div>
      )}
    </div>
  );
}
