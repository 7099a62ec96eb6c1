import { useEffect, useRef } from "react";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { TransferProgress } from "@/features/assets/components/transfer-progress";
import { useAssetFileUrl, type AssetFileSource } from "@/features/assets/use-asset-file-url";
import { errorMessage } from "@/lib/api-client";
import { DecryptError } from "@/lib/crypto/vault-crypto";
import { AudioPlayer } from "./audio-player";

const LABEL = "Audio recording";

/** A recording just made: played from an object URL of its blob, revoked on unmount. */
export function NewRecordingPlayer({ blob }: { blob: Blob }) {
  const ref = useRef<HTMLAudioElement>(null);
  useEffect(() => {
    const url = URL.createObjectURL(blob);
    if (ref.current) ref.current.src = url;
    return () => URL.revokeObjectURL(url);
  }, [blob]);
  return <AudioPlayer ref={ref} label={LABEL} />;
}

/** The stored recording: downloaded, decrypted in the browser, played from an object URL revoked on unmount. */
export function StoredRecordingPlayer({ source }: { source: AssetFileSource }) {
  const { url, progress, error } = useAssetFileUrl(source);
  if (error) {
    return (
      <Alert variant="destructive">
        <AlertDescription>
          The recording could not be loaded.{" "}
          {error instanceof DecryptError
            ? error.message
            : errorMessage(error, "Please try again later.")}
        </AlertDescription>
      </Alert>
    );
  }
  if (url) return <AudioPlayer src={url} label={LABEL} />;
  return (
    <TransferProgress
      transfer={{
        label:
          progress?.phase === "decrypting" ? "Decrypting recording..." : "Loading recording...",
        fraction: progress?.fraction ?? null,
      }}
    />
  );
}
