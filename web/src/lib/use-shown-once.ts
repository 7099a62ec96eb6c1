import { useEffect, useRef, useState } from "react";
import { useWarnOnLeave } from "@/lib/use-warn-on-leave";

/**
 * A secret shown once (the recovery kit, the recovery codes): leaving before "I have saved it"
 * asks first; `onSaved` runs once, after the warning has stopped, so that it may navigate away;
 * the intro (`introRef`, with tabIndex -1) takes focus, so a screen reader starts reading there.
 */
export function useShownOnce(onSaved: () => void) {
  const [isSaved, setIsSaved] = useState(false);
  useWarnOnLeave(!isSaved);
  const latestOnSaved = useRef(onSaved);
  const hasCalled = useRef(false);
  useEffect(() => {
    latestOnSaved.current = onSaved;
  });
  useEffect(() => {
    if (!isSaved || hasCalled.current) return;
    hasCalled.current = true;
    latestOnSaved.current();
  }, [isSaved]);
  const introRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => introRef.current?.focus(), []);
  return { isSaved, markSaved: () => setIsSaved(true), introRef };
}
