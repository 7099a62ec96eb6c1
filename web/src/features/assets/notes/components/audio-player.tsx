import type { Ref, SyntheticEvent } from "react";

/**
 * An <audio> player for a decrypted recording. Chromium's MediaRecorder writes WebM without a
 * duration (the element reports Infinity and cannot seek); seeking far past the end once makes
 * it read the real length, then playback starts from 0 again.
 */
export function AudioPlayer({
  src,
  label,
  ref,
}: {
  src?: string;
  label: string;
  ref?: Ref<HTMLAudioElement>;
}) {
  const onLoadedMetadata = (event: SyntheticEvent<HTMLAudioElement>) => {
    const audio = event.currentTarget;
    if (audio.duration !== Infinity) return;
    const rewind = () => {
      audio.removeEventListener("timeupdate", rewind);
      audio.currentTime = 0;
    };
    audio.addEventListener("timeupdate", rewind);
    audio.currentTime = 1e101;
  };
  return (
    <audio
      ref={ref}
      controls
      preload="metadata"
      src={src}
      aria-label={label}
      onLoadedMetadata={onLoadedMetadata}
      className="w-full min-w-0"
    />
  );
}
