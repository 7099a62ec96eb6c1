import type { ComponentProps } from "react";
import { ChevronDown } from "lucide-react";
import { cn } from "@/lib/utils";

/** A styled native <select>: the platform's own keyboard and screen-reader behaviour, and no JavaScript of its own. */
export function NativeSelect({ className, ...props }: ComponentProps<"select">) {
  return (
    <div className="relative">
      <select
        className={cn(
          "flex h-10 w-full appearance-none rounded-md border border-border bg-card py-2 pr-9 pl-3 text-base disabled:cursor-not-allowed disabled:bg-muted aria-[invalid=true]:border-destructive",
          className,
        )}
        {...props}
      />
      <ChevronDown
        aria-hidden="true"
        className="pointer-events-none absolute top-3 right-3 size-4 text-muted-foreground"
      />
    </div>
  );
}
