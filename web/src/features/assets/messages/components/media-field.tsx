import { MEDIA_FILE_TYPES } from "@common/assets/files";
import { Circle, Square, Trash2 } from "lucide-react";
import { useEffect, useRef } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { formatFileSize } from "@/lib/format";
import type { MessageFormValues } from "../message-form-values";
import { useMediaRecorder } from "../use-media-recorder";

type Media = MessageFormValues["media"];
const ACCEPT = MEDIA_FILE_TYPES.map((r) => r.type).join(",");

/** The camera's live picture while recording (muted: the microphone is not played back). */
function LivePreview({ stream }: { stream: MediaStream }) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.srcObject = stream;
  }, [stream]);
  return (
    <video
      ref={ref}
      autoPlay
      muted
      playsInline
      aria-label="Camera preview"
      className="aspect-video w-full rounded-md bg-black"
    />
  );
}

/** The recording or video kept for the message, played back before saving. */
function Kept({ media }: { media: NonNullable<Media> }) {
  const ref = useRef<string | null>(null);
  const url = (ref.current ??= URL.createObjectURL(media.blob));
  useEffect(() => () => URL.revokeObjectURL(url), [url]);
  return media.contentType.startsWith("video/") ? (
    <video src={url} controls playsInline className="aspect-video w-full rounded-md bg-black" />
  ) : (
    <audio src={url} controls className="w-full" />
  );
}

/**
 * A voice message or a video: recorded here (preview, stop, play back, retake) or chosen from a
 * file; its size is shown, and checked against the limit before anything is sent.
 */
export function MediaField({
  kind,
  value,
  onChange,
  error,
}: {
  kind: "audio" | "video";
  value: Media;
  onChange: (media: Media) => void;
  error?: string;
}) {
  const recorder = useMediaRecorder((r) =>
    onChange({ ...r, name: `message.${r.contentType.includes("mp4") ? "mp4" : "webm"}` }),
  );
  const noun = kind === "video" ? "video" : "voice message";
  return (
    <div
      className="grid gap-3"
      role="group"
      aria-label={kind === "video" ? "Video" : "Voice message"}
    >
      {recorder.preview && kind === "video" && <LivePreview stream={recorder.preview} />}
      {!recorder.isRecording && value && (
        <div className="grid gap-2">
          <Kept key={value.name + value.blob.size} media={value} />
          <p className="text-sm text-foreground-soft">
            {value.name} · {formatFileSize(value.blob.size)}
          </p>
        </div>
      )}
      <div className="flex flex-wrap items-center gap-2">
        {recorder.isRecording ? (
          <>
            <Button type="button" variant="destructive" onClick={recorder.stop}>
              <Square aria-hidden="true" /> Stop
            </Button>
            <span role="status" className="text-sm tabular-nums">
              Recording {Math.floor(recorder.seconds / 60)}:
              {String(recorder.seconds % 60).padStart(2, "0")}
            </span>
          </>
        ) : (
          <Button
            type="button"
            variant="outline"
            onClick={() => {
              onChange(null);
              void recorder.start(kind);
            }}
          >
            <Circle aria-hidden="true" /> {value ? "Retake" : `Record a ${noun}`}
          </Button>
        )}
        {value && !recorder.isRecording && (
          <Button type="button" variant="ghost" onClick={() => onChange(null)}>
            <Trash2 aria-hidden="true" /> Remove
          </Button>
        )}
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`media-file-${kind}`}>Or choose a file</Label>
        <Input
          id={`media-file-${kind}`}
          type="file"
          accept={ACCEPT}
          aria-invalid={error ? true : undefined}
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) onChange({ blob: file, contentType: file.type, name: file.name });
            e.target.value = "";
          }}
        />
      </div>
      {(error ?? recorder.error) && (
        <p role="alert" className="text-sm text-destructive">
          {error ?? recorder.error}
        </p>
      )}
    </div>
  );
}
