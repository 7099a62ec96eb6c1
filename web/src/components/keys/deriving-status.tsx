import { LoaderCircle } from "lucide-react";

/**
 * Progress while the browser derives the keys of a password (PBKDF2, about half a second, longer on
 * a slow device; decision 038): WebCrypto gives no percentage, so a spinner and a sentence.
 */
export function DerivingStatus() {
  return (
    <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
      <LoaderCircle aria-hidden="true" className="size-4 animate-spin motion-reduce:animate-none" />
      Securing your vault with your password. This takes a moment...
    </p>
  );
}
