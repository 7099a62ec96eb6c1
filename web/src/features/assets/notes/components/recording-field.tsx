import { Mic, Square, Trash2 } from "lucide-react";
import { useEffect } from "react";
import { Button } from "@/components/ui/button";
import { assetFilePath } from "@/features/assets/api/upload-asset-file";
import type { RecordingDraft } from "../note-drafts";
import { formatDuration } from "@/lib/format";
import { useAudioRecorder } from "../use-audio-recorder";
import { NewRecordingPlayer, StoredRecordingPlayer } from "./recording-player";

type Props = {
  draft: RecordingDraft;
  onChange: (draft: RecordingDraft) => void;
  /** Where the stored recording is (edit mode), else null. */
  stored: { assetId: string; contentKey: CryptoKey } | null;
  disabled?: boolean;
  /** Told when recording starts and stops (the form waits for a running recording). */
  onRecordingChange?: (isRecording: boolean) => void;
};

/** The note's one recording: a recorder (Start/Stop with a seconds timer) while there is none, else its player and Delete. */
export function RecordingField({ draft, onChange, stored, disabled, onRecordingChange }: Props) {
  const recorder = useAudioRecorder((rec) => onChange({ kind: "new", ...rec }));
  const isRecording = recorder.state === "recording";
  useEffect(() => onRecordingChange?.(isRecording), [isRecording, onRecordingChange]);
  return (
    <fieldset className="grid min-w-0 gap-3 rounded-md border border-border p-4">
      <legend className="px-1 text-sm font-medium">Audio Recording (Optional)</legend>
      {draft.kind === "none" ? (
        <div className="flex flex-wrap items-center gap-3">
          <Button
            type="button"
            variant={isRecording ? "destructive" : "outline"}
            onClick={isRecording ? recorder.stop : () => void recorder.start()}
            disabled={disabled && !isRecording}
          >
            {isRecording ? <Square aria-hidden="true" /> : <Mic aria-hidden="true" />}
            {isRecording ? "Stop Recording" : "Start Recording"}
          </Button>
          {isRecording ? (
            <span role="timer" className="text-sm font-medium text-destructive tabular-nums">
              <span aria-hidden="true">● </span>Recording {formatDuration(recorder.seconds)}
            </span>
          ) : (
            <span className="text-sm text-foreground-soft">
              Record a spoken message with your microphone.
            </span>
          )}
        </div>
      ) : (
        <div className="grid gap-2">
          {draft.kind === "new" ? (
            <NewRecordingPlayer blob={draft.blob} />
          ) : stored ? (
            <StoredRecordingPlayer
              source={{
                url: assetFilePath(stored.assetId, "recording"),
                contentKey: stored.contentKey,
                contentType: draft.contentType,
              }}
            />
          ) : null}
          <div className="flex flex-wrap items-center justify-between gap-2">
            <span className="text-sm text-foreground-soft">
              {draft.kind === "new" ? "New recording" : "Recording"},{" "}
              {formatDuration(draft.duration)}
            </span>
            <Button
              type="button"
              variant="ghost"
              className="text-destructive"
              onClick={() => onChange({ kind: "none" })}
              disabled={disabled}
              autoFocus={draft.kind === "new"}
            >
              <Trash2 aria-hidden="true" /> Delete Recording
            </Button>
          </div>
        </div>
      )}
      {recorder.error && (
        <p role="alert" className="text-sm text-destructive">
          {recorder.error}
        </p>
      )}
    </fieldset>
  );
}
