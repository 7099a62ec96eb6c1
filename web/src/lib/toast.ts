import { useEffect, useState } from "react";

/**
 * The one way to show a toast. sonner is loaded on the first toast, not with the page
 * (it would cost 9 KB gzipped on every first visit); its Toaster replays toasts created
 * before it mounted.
 */
type Sonner = typeof import("sonner");
let loading: Promise<Sonner> | undefined;
const listeners = new Set<() => void>();

function load(): Promise<Sonner> {
  if (!loading) {
    loading = import("sonner");
    listeners.forEach((l) => l());
  }
  return loading;
}

type Options = { id?: string; description?: string };
const show =
  (kind: "success" | "error" | "info" | "warning") => (message: string, options?: Options) => {
    void load().then((s) => s.toast[kind](message, options));
  };

export const toast = {
  success: show("success"),
  error: show("error"),
  info: show("info"),
  warning: show("warning"),
  /** Closes every toast on screen (a lost session's screen errors, once /login explains). */
  dismissAll: () => void loading?.then((s) => s.toast.dismiss()),
};

/** True once a toast was requested: the app then mounts the (lazy) Toaster. */
export function useToasterNeeded(): boolean {
  const [needed, setNeeded] = useState(loading !== undefined);
  useEffect(() => {
    const l = () => setNeeded(true);
    listeners.add(l);
    return () => void listeners.delete(l);
  }, []);
  return needed;
}
