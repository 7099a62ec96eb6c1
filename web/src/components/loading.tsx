import { useEffect, useSyncExternalStore } from "react";
import { cn } from "@/lib/utils";

/**
 * What a screen shows while its code or data loads: a skeleton in the shape of what is coming
 * (`page`, `list` or `detail`), and a polite live region saying "Loading..." so that a screen reader
 * hears it. While any is shown, <RouteProgress> draws the thin bar at the top of the window.
 */
type Variant = "page" | "list" | "detail";

// How many <Loading> are on screen: the progress bar shows while there is one.
let shown = 0;
const listeners = new Set<() => void>();
const changeShown = (by: number) => {
  shown += by;
  listeners.forEach((l) => l());
};
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => void listeners.delete(l);
};
export function useIsLoading(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => shown > 0,
    () => false, // prerendered pages (decision 058) show no <Loading>
  );
}

const bone = "bg-muted-strong animate-pulse motion-reduce:animate-none";

function Lines({ count }: { count: number }) {
  return Array.from({ length: count }, (_, i) => (
    <div key={i} className={cn(bone, "rounded-md h-4", i % 3 === 2 ? "w-2/3" : "w-full")} />
  ));
}

function ListBones() {
  return (
    <div className="grid gap-1">
      {Array.from({ length: 5 }, (_, i) => (
        <div key={i} className="flex items-center gap-3 rounded-md px-2 py-3">
          <div className={cn(bone, "size-9 shrink-0 rounded-full")} />
          <div className="grid flex-1 gap-2">
            <div className={cn(bone, "rounded-md h-4", i % 2 ? "w-1/3" : "w-1/2")} />
            <div className={cn(bone, "rounded-md h-3 w-1/4")} />
          </div>
        </div>
      ))}
    </div>
  );
}

function DetailBones() {
  return (
    <div className="grid gap-6">
      <div className={cn(bone, "rounded-md h-8 w-1/2")} />
      {Array.from({ length: 3 }, (_, i) => (
        <div key={i} className="grid gap-2">
          <div className={cn(bone, "rounded-md h-3 w-24")} />
          <div className={cn(bone, "rounded-md h-10 w-full")} />
        </div>
      ))}
    </div>
  );
}

function PageBones() {
  return (
    <div className="mx-auto grid w-full max-w-5xl gap-6 p-4 md:p-8">
      <div className="grid gap-2">
        <div className={cn(bone, "rounded-md h-8 w-56 max-w-full")} />
        <div className={cn(bone, "rounded-md h-4 w-80 max-w-full")} />
      </div>
      <div className="grid gap-3 rounded-xl border border-border bg-card p-6">
        <Lines count={6} />
      </div>
    </div>
  );
}

export function Loading({ variant = "page" }: { variant?: Variant }) {
  useEffect(() => {
    changeShown(1);
    return () => changeShown(-1);
  }, []);
  return (
    <div role="status" aria-live="polite" className={variant === "page" ? "min-h-[40vh]" : "p-2"}>
      <span className="sr-only">Loading...</span>
      <div aria-hidden="true">
        {variant === "list" ? (
          <ListBones />
        ) : variant === "detail" ? (
          <DetailBones />
        ) : (
          <PageBones />
        )}
      </div>
    </div>
  );
}

/**
 * The thin bar at the top of the window while a lazy screen or its data loads (any <Loading> on
 * screen), after 150 ms so that quick loads do not flash it. Decorative: the <Loading> live region
 * is what screen readers hear. With reduced motion it stands still.
 */
export function RouteProgress() {
  const isLoading = useIsLoading();
  return (
    <div
      aria-hidden="true"
      data-loading={isLoading || undefined}
      className="route-progress pointer-events-none fixed inset-x-0 top-0 z-[60] h-0.5 overflow-hidden"
    >
      <div className="route-progress-bar h-full bg-brand" />
    </div>
  );
}
