import { API_MSG } from "@common/firm-api";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { copyToClipboard } from "@/lib/clipboard";

/** The new key's text, this once: copy it now, it is never shown again. */
export function NewKeyNotice({ token, onDone }: { token: string; onDone: () => void }) {
  return (
    <Alert className="grid gap-3">
      <p className="font-medium">{API_MSG.keyCreated}</p>
      <code
        aria-label="Your new API key"
        className="block rounded-md bg-muted p-3 font-mono text-sm break-all select-all"
      >
        {token}
      </code>
      <div className="flex flex-wrap gap-2">
        <Button type="button" onClick={() => void copyToClipboard(token, "API key copied")}>
          Copy Key
        </Button>
        <Button type="button" variant="outline" onClick={onDone}>
          I have saved it
        </Button>
      </div>
    </Alert>
  );
}
