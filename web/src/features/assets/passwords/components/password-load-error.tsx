import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/lib/api-client";
import { DecryptError } from "@/lib/crypto/vault-crypto";

/** Why /vault/{id} shows nothing: a failed decryption (never partial data) or a failed load. */
export function PasswordLoadError({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const isDecryptError = error instanceof DecryptError;
  return (
    <Alert variant="destructive">
      <AlertTitle>{isDecryptError ? "This password could not be decrypted" : "This password could not be loaded"}</AlertTitle>
      <AlertDescription className="flex flex-wrap items-center justify-between gap-2">
        <span>{isDecryptError ? error.message : errorMessage(error, "Please try again.")}</span>
        {!isDecryptError && (
          <Button variant="outline" size="sm" onClick={onRetry}>
            Try again
          </Button>
        )}
      </AlertDescription>
    </Alert>
  );
}
