import type { ComponentProps } from "react";
import { cn } from "@/lib/utils";

/** shadcn-style table. The wrapper scrolls sideways on narrow screens instead of squeezing the columns. */
/** `scrollLabel` makes the scrolling wrapper a labelled, focusable region, for tables without links or buttons to tab to. */
export function Table({
  className,
  scrollLabel,
  ...props
}: ComponentProps<"table"> & { scrollLabel?: string }) {
  return (
    <div
      className="relative w-full overflow-x-auto"
      {...(scrollLabel ? { role: "region", "aria-label": scrollLabel, tabIndex: 0 } : {})}
    >
      <table className={cn("w-full caption-bottom text-sm", className)} {...props} />
    </div>
  );
}
export const TableHeader = ({ className, ...p }: ComponentProps<"thead">) => (
  <thead className={cn("border-b border-border bg-muted/60", className)} {...p} />
);
export const TableBody = ({ className, ...p }: ComponentProps<"tbody">) => (
  <tbody className={cn("[&_tr:last-child]:border-0", className)} {...p} />
);
export const TableRow = ({ className, ...p }: ComponentProps<"tr">) => (
  <tr className={cn("border-b border-border", className)} {...p} />
);
export const TableHead = ({ className, ...p }: ComponentProps<"th">) => (
  <th
    className={cn(
      "h-11 px-3 text-left align-middle font-medium whitespace-nowrap text-foreground-soft",
      className,
    )}
    {...p}
  />
);
export const TableCell = ({ className, ...p }: ComponentProps<"td">) => (
  <td className={cn("px-3 py-3 align-middle", className)} {...p} />
);
export const TableCaption = ({ className, ...p }: ComponentProps<"caption">) => (
  <caption className={cn("mt-3 text-sm text-muted-foreground", className)} {...p} />
);
