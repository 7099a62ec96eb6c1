import { type AssetFileKind, FILE_TYPES, type FileTypeRule } from "@common/assets/files";
import { FileText, X } from "lucide-react";
import type { ReactNode, Ref } from "react";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/ui/form-field";
import { formatFileSize } from "@/lib/format";
import { checkFile } from "../check-file";
import { FileDropZone } from "./file-drop-zone";

export type PickedFile = { file: File; rule: FileTypeRule };

type Props = {
  kind: AssetFileKind;
  label: string;
  hint: ReactNode;
  prompt?: string;
  /** The file shown as chosen (a new one, or one already stored), or null. */
  current: { name: string; size: number } | null;
  error?: string;
  /** A file that passed the checks (type by extension and content, size). */
  onPicked: (picked: PickedFile) => void;
  /** A file refused by the checks, with the spec's message. */
  onRejected: (error: string) => void;
  /** The file could not be read at all. */
  onUnreadable: () => void;
  onRemove?: () => void;
  removeLabel?: string;
  /** More buttons for the chosen file (e.g. Download for a stored one). */
  actions?: ReactNode;
  disabled?: boolean;
  inputRef?: Ref<HTMLInputElement>;
};

/** A labelled drop zone whose files are checked in the browser before anything is sent, and the chosen file below it. */
export function CheckedFileField({
  kind,
  label,
  hint,
  prompt,
  current,
  error,
  onPicked,
  onRejected,
  onUnreadable,
  onRemove,
  removeLabel,
  actions,
  disabled,
  inputRef,
}: Props) {
  const accept = FILE_TYPES[kind].flatMap((r) => r.extensions.map((e) => `.${e}`)).join(",");
  const onFile = async (file: File) => {
    try {
      const check = await checkFile(file, kind);
      if (check.ok) onPicked({ file, rule: check.rule });
      else onRejected(check.error);
    } catch {
      onUnreadable();
    }
  };
  return (
    <div className="grid gap-3">
      <FormField label={label} hint={hint} error={error}>
        <FileDropZone
          accept={accept}
          onFile={(f) => void onFile(f)}
          disabled={disabled}
          prompt={prompt}
          inputRef={inputRef}
        />
      </FormField>
      {current && (
        <div className="flex flex-wrap items-center justify-end gap-x-3 gap-y-2 rounded-md border border-border bg-muted/60 p-3">
          <div className="flex min-w-0 flex-1 basis-48 items-center gap-3">
            <FileText aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />
            <div className="grid min-w-0">
              <span className="text-sm font-medium wrap-anywhere">{current.name}</span>
              <span className="text-xs text-foreground-soft">{formatFileSize(current.size)}</span>
            </div>
          </div>
          <div className="flex items-center gap-1">
            {actions}
            {onRemove && (
              <Button
                type="button"
                variant="ghost"
                size="icon"
                onClick={onRemove}
                disabled={disabled}
                title={removeLabel}
              >
                <X aria-hidden="true" />
                <span className="sr-only">{removeLabel ?? "Remove file"}</span>
              </Button>
            )}
          </div>
        </div>
      )}
    </div>
  );
}
