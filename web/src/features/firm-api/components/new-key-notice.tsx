import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { copyToClipboard } from "@/lib/clipboard";

/** A new key's or webhook's secret, this once: copy it now, it is never shown again. */
export function NewKeyNotice({
  secret,
  message,
  label,
  onDone,
}: {
  secret: string;
  message: string;
  label: string;
  onDone: () => void;
}) {
  return (
    <Alert className="grid gap-3">
      <p className="font-medium">{message}</p>
      <code
        aria-label={label}
        className="block rounded-md bg-muted p-3 font-mono text-sm break-all select-all"
      >
        {secret}
      </code>
      <div className="flex flex-wrap gap-2">
        <Button type="button" onClick={() => void copyToClipboard(secret, `${label} copied`)}>
          Copy
        </Button>
        <Button type="button" variant="outline" onClick={onDone}>
          I have saved it
        </Button>
      </div>
    </Alert>
  );
}
