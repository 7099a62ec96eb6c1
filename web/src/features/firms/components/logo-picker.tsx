import { FIRM_EDIT_MSG } from "@common/firms";
import { Building2, ImageUp, Trash2 } from "lucide-react";
import { useId, useRef } from "react";
import { Button } from "@/components/ui/button";
import { Progress } from "@/components/ui/progress";
import { formatPercent } from "@/lib/format";
import { isDecodableImage } from "../decode-logo";
import { logoFileError } from "../firm-form-schema";

/** What happens to the logo on save: nothing, a new file (with its preview as a data: URL), or removal. */
export type LogoChange =
  { kind: "keep" } | { kind: "new"; file: File; preview: string } | { kind: "remove" };

type Props = {
  currentUrl: string | null;
  change: LogoChange;
  onChange: (change: LogoChange) => void;
  error?: string;
  onError: (message: string | undefined) => void;
  /** Upload progress 0..1 while the file is being sent, else null. */
  progress: number | null;
  disabled?: boolean;
};

const readAsDataUrl = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error("read failed"));
    reader.readAsDataURL(file);
  });

/** Firm logo: preview, Change Logo (a file picker), Remove, the hint, the browser's checks and the upload's progress. */
export function LogoPicker({
  currentUrl,
  change,
  onChange,
  error,
  onError,
  progress,
  disabled,
}: Props) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const preview =
    change.kind === "new" ? change.preview : change.kind === "remove" ? null : currentUrl;

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    const problem =
      logoFileError(file) ??
      ((await isDecodableImage(file)) ? undefined : FIRM_EDIT_MSG.logoUnreadable);
    onError(problem);
    if (problem) return;
    try {
      onChange({ kind: "new", file, preview: await readAsDataUrl(file) });
    } catch {
      onError(FIRM_EDIT_MSG.logoNotImage);
    }
  };
  const onRemove = () => {
    onError(undefined);
    onChange(currentUrl ? { kind: "remove" } : { kind: "keep" });
  };

  return (
    <div role="group" aria-labelledby={`${id}-label`} className="grid gap-3">
      <span id={`${id}-label`} className="text-sm font-medium leading-none">
        Firm Logo
      </span>
      <div className="flex flex-wrap items-center gap-4">
        {/* 16:9, as the Firm Overview shows the logo (firm-logo.tsx), so the preview is what it will look like. */}
        <div className="flex aspect-video w-40 shrink-0 items-center justify-center overflow-hidden rounded-lg border border-border bg-card">
          {preview ? (
            <img
              src={preview}
              alt={change.kind === "new" ? "Preview of the new logo" : "Current firm logo"}
              className="size-full object-contain"
            />
          ) : (
            <Building2 aria-hidden="true" className="size-10 text-muted-foreground" />
          )}
        </div>
        <div className="grid gap-2">
          <div className="flex flex-wrap gap-2">
            <Button
              type="button"
              variant="outline"
              size="sm"
              onClick={() => inputRef.current?.click()}
              disabled={disabled}
              aria-describedby={error ? `${id}-hint ${id}-error` : `${id}-hint`}
            >
              <ImageUp aria-hidden="true" /> {preview ? "Change Logo" : "Upload Logo"}
            </Button>
            {preview && (
              <Button
                type="button"
                variant="ghost"
                size="sm"
                onClick={onRemove}
                disabled={disabled}
                className="text-destructive"
              >
                <Trash2 aria-hidden="true" /> Remove
              </Button>
            )}
          </div>
          <p id={`${id}-hint`} className="text-xs text-muted-foreground">
            {FIRM_EDIT_MSG.logoHint}
          </p>
          {change.kind === "new" && progress === null && (
            <p className="text-xs text-foreground-soft">The new logo is uploaded when you save.</p>
          )}
          {change.kind === "remove" && (
            <p className="text-xs text-foreground-soft">The logo is removed when you save.</p>
          )}
        </div>
      </div>
      <input
        ref={inputRef}
        type="file"
        accept="image/*"
        hidden
        data-testid="logo-file"
        onChange={(e) => {
          void onFile(e.target.files?.[0]);
          e.target.value = "";
        }}
      />
      {progress !== null && (
        <div className="grid gap-1">
          <Progress value={Math.round(progress * 100)} aria-label="Logo upload progress" />
          <p className="text-xs text-foreground-soft" aria-hidden="true">
            Uploading logo... {formatPercent(progress)}
          </p>
        </div>
      )}
      <p id={`${id}-error`} role="alert" className="text-sm text-destructive empty:hidden">
        {error}
      </p>
    </div>
  );
}
