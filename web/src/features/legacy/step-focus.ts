import { useEffect, useRef, useState } from "react";

/**
 * True once the portal shows another step than the one it opened with (null: still loading). From then
 * on each step's heading takes focus as it appears, since the whole page changed under the reader; the
 * page a visitor lands on keeps the browser's own start (a heading focused on load would show its ring).
 */
export function useHasChangedStep(step: string | null): boolean {
  const [first, setFirst] = useState<string | null>(null);
  const [hasChanged, setHasChanged] = useState(false);
  if (step !== null && first === null) setFirst(step);
  if (step !== null && first !== null && step !== first && !hasChanged) setHasChanged(true);
  return hasChanged;
}

/** A ref for the step's h1, focused when the step mounts if `isFocused`. */
export function useTitleFocus(isFocused: boolean) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (isFocused) ref.current?.focus();
  }, [isFocused]);
  return ref;
}
