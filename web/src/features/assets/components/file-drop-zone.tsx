import { Upload } from "lucide-react";
import {
  useImperativeHandle,
  useRef,
  useState,
  type DragEvent,
  type MouseEvent,
  type Ref,
} from "react";
import { cn } from "@/lib/utils";

type Props = {
  /** id, aria-invalid and aria-describedby arrive from <FormField> and go to the file input. */
  id?: string;
  "aria-invalid"?: boolean;
  "aria-describedby"?: string;
  accept: string;
  onFile: (file: File) => void;
  disabled?: boolean;
  prompt?: string;
  /** The file input, e.g. to focus it when no file was chosen. */
  inputRef?: Ref<HTMLInputElement>;
};

/**
 * A file input as a drop zone: drop a file on it, click it, or tab to it (the real input inside
 * takes focus, and the zone shows the focus ring) and press Enter or Space to open the picker.
 */
export function FileDropZone({
  accept,
  onFile,
  disabled,
  prompt = "Drag and drop a file here, or choose one",
  inputRef: outerRef,
  ...inputProps
}: Props) {
  const inputRef = useRef<HTMLInputElement>(null);
  useImperativeHandle(outerRef, () => inputRef.current as HTMLInputElement, []);
  const [isOver, setIsOver] = useState(false);
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setIsOver(false);
    const file = event.dataTransfer.files[0];
    if (file && !disabled) onFile(file);
  };
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    if (event.target !== inputRef.current && !disabled) inputRef.current?.click();
  };
  return (
    // The input inside is the keyboard and screen-reader control; the zone only widens its click and drop target.
    <div
      onClick={onClick}
      onDragOver={(e) => {
        e.preventDefault();
        if (!disabled) setIsOver(true);
      }}
      onDragLeave={(e) => {
        if (!(e.relatedTarget instanceof Node && e.currentTarget.contains(e.relatedTarget)))
          setIsOver(false);
      }}
      onDrop={onDrop}
      data-testid="file-drop-zone"
      className={cn(
        "flex cursor-pointer flex-col items-center gap-2 rounded-lg border-2 border-dashed px-4 py-8 text-center transition-colors has-[input:focus-visible]:outline-3 has-[input:focus-visible]:outline-offset-2 has-[input:focus-visible]:outline-ring",
        isOver ? "border-brand bg-info-surface" : "border-border bg-card hover:bg-muted",
        disabled && "cursor-not-allowed opacity-60",
      )}
    >
      <input
        ref={inputRef}
        type="file"
        accept={accept}
        disabled={disabled}
        className="sr-only"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = "";
          if (file) onFile(file);
        }}
        {...inputProps}
      />
      <Upload aria-hidden="true" className="size-8 text-muted-foreground" />
      <p className="text-sm font-medium text-foreground">{prompt}</p>
    </div>
  );
}
