/** What a screen shows while its data loads: a polite live region, so a screen reader hears it. */
export function Loading() {
  return (
    <div
      role="status"
      aria-live="polite"
      className="flex min-h-[40vh] items-center justify-center text-muted-foreground"
    >
      Loading...
    </div>
  );
}
