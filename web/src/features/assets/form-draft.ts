import { useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore } from "react";
import type { FieldValues, UseFormReturn } from "react-hook-form";
import { useLocation } from "react-router";
import { useMe } from "@/lib/me";

/**
 * What an asset form had typed when it left its screen without saving: the beneficiary picker's
 * "+ Add new beneficiary" (issue 16, point 6), or a note's edit mode left by the browser's back
 * button. In memory only (never web storage: a draft may hold a password), one at a time, for the
 * user and the path it was typed at (someone else signing in on this tab never gets it); the next
 * asset form that opens takes it or drops it, and a reload forgets it.
 */
type Draft = { path: string; values: FieldValues; extra: unknown };

let kept: Draft | null = null;
const listeners = new Set<() => void>();

function setKept(draft: Draft | null) {
  kept = draft;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/** Where a draft belongs: the signed-in user and the screen's path with its query. */
function useDraftPath(path?: string) {
  const userId = useMe().data?.id ?? "";
  const { pathname, search } = useLocation();
  return `${userId} ${path ?? pathname + search}`;
}

/** Whether a draft typed at `path` is kept (for a notice that offers it back). */
export function useHasFormDraft(path: string) {
  const key = useDraftPath(path);
  return useSyncExternalStore(subscribe, () => kept?.path === key);
}

export const dropFormDraft = () => setKept(null);

/**
 * Keeps and restores `form`'s values (and an `extra`, state held beside the form) for this
 * screen. A restored draft counts as unsaved changes (the values are set over the defaults).
 */
export function useFormDraft<T extends FieldValues, E = undefined>(form: UseFormReturn<T>) {
  const path = useDraftPath();
  const [restored] = useState(() => (kept?.path === path ? kept : null));

  // Before any child's effect: the picker then selects a just-added beneficiary over the draft's.
  useLayoutEffect(() => {
    setKept(null);
    if (restored) form.reset(restored.values as T, { keepDefaultValues: true });
  }, [form, restored]);

  return {
    /** The `extra` that came back with the draft, for the form's own initial state. */
    restoredExtra: restored ? (restored.extra as E) : undefined,
    keep: (extra?: E) => setKept({ path, values: form.getValues(), extra }),
  };
}

/**
 * Calls `keep` when the form unmounts while `keep` is given (unsaved changes), unless `finish`
 * was called first (saved, or cancelled on purpose): for a screen left without a question.
 */
export function useKeepOnUnmount(keep: (() => void) | undefined) {
  const latest = useRef(keep);
  const isFinished = useRef(false);
  useEffect(() => {
    latest.current = keep;
  });
  useEffect(
    () => () => {
      if (!isFinished.current) latest.current?.();
    },
    [],
  );
  return {
    finish: () => {
      isFinished.current = true;
    },
  };
}
