import type { OpenedMessage } from "@common/messages";
import { useId, useState } from "react";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { errorMessage } from "@/lib/api-client";
import { DecryptError } from "@/lib/crypto/vault-crypto";
import { DownloadFileButton } from "../../components/download-file-button";
import { TransferProgress, type Transfer } from "../../components/transfer-progress";
import { useAssetFileUrl, type AssetFileSource } from "../../use-asset-file-url";
import { LetterText } from "./letter-text";

/** The recording or video, decrypted in the browser and played; its transcript describes it. */
function MessageMedia({
  source,
  isVideo,
  transcriptId,
}: {
  source: AssetFileSource;
  isVideo: boolean;
  transcriptId: string | undefined;
}) {
  const { url, progress, error } = useAssetFileUrl(source);
  if (error)
    return (
      <Alert variant="destructive">
        <AlertDescription>
          The {isVideo ? "video" : "recording"} could not be loaded.{" "}
          {error instanceof DecryptError ? error.message : errorMessage(error, "Please try again.")}
        </AlertDescription>
      </Alert>
    );
  if (!url)
    return (
      <TransferProgress
        transfer={{
          label: progress?.phase === "decrypting" ? "Decrypting..." : "Loading...",
          fraction: progress?.fraction ?? null,
        }}
      />
    );
  return isVideo ? (
    <video
      src={url}
      controls
      playsInline
      aria-describedby={transcriptId}
      className="aspect-video w-full rounded-md bg-black"
    />
  ) : (
    <audio src={url} controls aria-describedby={transcriptId} className="w-full" />
  );
}

/**
 * A message, opened: the letter, or the recording or video with its transcript, and Download.
 * The same for its owner and, on its day, its recipient (the source says where the file is).
 */
export function MessageView({
  content,
  source,
}: {
  content: OpenedMessage;
  /** Where the recording or video is, with the message key; null for a letter. */
  source: AssetFileSource | null;
}) {
  const transcriptId = useId();
  const [transfer, setTransfer] = useState<Transfer | null>(null);
  const hasTranscript = content.transcript.trim().length > 0;
  const isVideo = content.format === "video";
  return (
    <div className="grid gap-6">
      {content.occasion && <p className="text-foreground-soft">{content.occasion}</p>}
      {content.format === "letter" && <LetterText text={content.letter} />}
      {content.format !== "letter" && source && (
        <section className="grid gap-3" aria-label={isVideo ? "Video" : "Voice message"}>
          <MessageMedia
            source={source}
            isVideo={isVideo}
            transcriptId={hasTranscript ? transcriptId : undefined}
          />
          <div>
            <DownloadFileButton
              source={source}
              fileName={content.media?.name ?? "message.webm"}
              noun={isVideo ? "video" : "recording"}
              onTransfer={setTransfer}
            />
          </div>
          <TransferProgress transfer={transfer} />
        </section>
      )}
      {content.format !== "letter" && (
        <section className="grid gap-2">
          <h2 className="text-lg font-semibold">
            {isVideo ? "Captions and transcript" : "Transcript"}
          </h2>
          {hasTranscript ? (
            <p id={transcriptId} className="whitespace-pre-wrap wrap-anywhere">
              {content.transcript}
            </p>
          ) : (
            <p className="text-muted-foreground">No transcript</p>
          )}
        </section>
      )}
    </div>
  );
}
