import { useEffect, useRef, useState } from "react";

export type MediaRecording = { blob: Blob; contentType: string };
export type RecorderKind = "audio" | "video";

const TYPES: Record<RecorderKind, string[]> = {
  audio: ["audio/webm;codecs=opus", "audio/webm", "audio/mp4"],
  video: ["video/webm;codecs=vp9,opus", "video/webm;codecs=vp8,opus", "video/webm", "video/mp4"],
};
export const RECORDER_MSG = {
  unsupported: "Recording is not supported in this browser. Choose a file instead.",
  denied: "The browser was not allowed to use the microphone or camera.",
} as const;

/**
 * The message recorder: the microphone, or the camera and microphone, recorded in the browser
 * (MediaRecorder). While recording, `preview` is the live stream (shown muted); on stop the
 * recording is handed over and the devices are released. Retake is the screen's: it drops the
 * recording and starts again.
 */
export function useMediaRecorder(onRecorded: (recording: MediaRecording) => void) {
  const [preview, setPreview] = useState<MediaStream | null>(null);
  const [seconds, setSeconds] = useState(0);
  const [error, setError] = useState<string>();
  const recorder = useRef<MediaRecorder | null>(null);
  const timer = useRef(0);
  const onRecordedRef = useRef(onRecorded);
  useEffect(() => {
    onRecordedRef.current = onRecorded;
  });

  const release = (stream: MediaStream) => {
    stream.getTracks().forEach((t) => t.stop());
    window.clearInterval(timer.current);
    setPreview(null);
  };

  const start = async (kind: RecorderKind) => {
    if (recorder.current) return;
    setError(undefined);
    const type =
      typeof MediaRecorder === "undefined"
        ? undefined
        : TYPES[kind].find((t) => MediaRecorder.isTypeSupported(t));
    if (!type || !navigator.mediaDevices) return setError(RECORDER_MSG.unsupported);
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: true, video: kind === "video" });
    } catch {
      return setError(RECORDER_MSG.denied);
    }
    const r = new MediaRecorder(stream, { mimeType: type });
    const chunks: Blob[] = [];
    r.ondataavailable = (e) => {
      if (e.data.size > 0) chunks.push(e.data);
    };
    r.onstop = () => {
      release(stream);
      recorder.current = null;
      const contentType = r.mimeType || type;
      onRecordedRef.current({ blob: new Blob(chunks, { type: contentType }), contentType });
    };
    const startedAt = performance.now();
    timer.current = window.setInterval(
      () => setSeconds(Math.floor((performance.now() - startedAt) / 1000)),
      250,
    );
    r.start(1000);
    recorder.current = r;
    setSeconds(0);
    setPreview(stream);
  };

  const stop = () => recorder.current?.stop();

  useEffect(
    () => () => {
      const r = recorder.current;
      if (r) {
        r.onstop = null;
        r.stop();
        r.stream.getTracks().forEach((t) => t.stop());
      }
      window.clearInterval(timer.current);
    },
    [],
  );

  return { isRecording: preview !== null, preview, seconds, error, start, stop };
}
