import { NOTE_MSG } from "@common/assets/notes";
import { useEffect, useRef, useState } from "react";
import { toast } from "@/lib/toast";

export type Recording = { blob: Blob; duration: number; contentType: string };
export type RecorderState = "idle" | "recording";

/** Spec 02 §9: recordings are audio/webm (Opus where the browser offers it). */
const MIME_TYPES = ["audio/webm;codecs=opus", "audio/webm"];
export const RECORDING_UNSUPPORTED = "Recording audio is not supported in this browser.";

type Session = {
  recorder: MediaRecorder;
  stream: MediaStream;
  timer: number;
  startedAt: number;
  stoppedAt: number | null;
};

/**
 * The microphone recorder of the note screens: idle or recording, a seconds timer that starts
 * from 0 each time, and on stop an audio/webm recording with its duration in seconds (to a tenth,
 * measured at the Stop click; shown rounded down like the player shows it).
 */
export function useAudioRecorder(onRecorded: (recording: Recording) => void) {
  const [state, setState] = useState<RecorderState>("idle");
  const [seconds, setSeconds] = useState(0);
  const [error, setError] = useState<string>();
  const session = useRef<Session | null>(null);
  const onRecordedRef = useRef(onRecorded);
  useEffect(() => {
    onRecordedRef.current = onRecorded;
  });

  const start = async () => {
    if (session.current) return;
    setError(undefined);
    const mimeType =
      typeof MediaRecorder === "undefined"
        ? undefined
        : MIME_TYPES.find((t) => MediaRecorder.isTypeSupported(t));
    if (!mimeType || !navigator.mediaDevices) return setError(RECORDING_UNSUPPORTED);
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch {
      setError(NOTE_MSG.microphoneDenied);
      toast.error(NOTE_MSG.microphoneDenied);
      return;
    }
    const recorder = new MediaRecorder(stream, { mimeType });
    const chunks: Blob[] = [];
    recorder.ondataavailable = (e) => {
      if (e.data.size > 0) chunks.push(e.data);
    };
    const startedAt = performance.now();
    const current: Session = { recorder, stream, timer: 0, startedAt, stoppedAt: null };
    recorder.onstop = () => {
      const duration =
        Math.round(((current.stoppedAt ?? performance.now()) - startedAt) / 100) / 10;
      onRecordedRef.current({
        blob: new Blob(chunks, { type: recorder.mimeType || mimeType }),
        duration,
        contentType: recorder.mimeType || mimeType,
      });
      toast.success(NOTE_MSG.recordingComplete);
    };
    recorder.start(1000);
    current.timer = window.setInterval(
      () => setSeconds(Math.floor((performance.now() - startedAt) / 1000)),
      250,
    );
    session.current = current;
    setSeconds(0);
    setState("recording");
    toast.success(NOTE_MSG.recordingStarted);
  };

  const stop = () => {
    const s = session.current;
    if (!s) return;
    session.current = null;
    s.stoppedAt = performance.now();
    window.clearInterval(s.timer);
    s.recorder.stop();
    s.stream.getTracks().forEach((t) => t.stop());
    setState("idle");
  };

  // Leaving the page while recording: release the microphone and drop the recording.
  useEffect(
    () => () => {
      const s = session.current;
      if (!s) return;
      window.clearInterval(s.timer);
      s.recorder.onstop = null;
      if (s.recorder.state !== "inactive") s.recorder.stop();
      s.stream.getTracks().forEach((t) => t.stop());
    },
    [],
  );

  return { state, seconds, error, start, stop };
}
