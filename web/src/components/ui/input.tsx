import type { ComponentProps } from "react";
import { cn } from "@/lib/utils";

export function Input({ className, ...props }: ComponentProps<"input">) {
  return (
    <input
      className={cn(
        "flex h-10 w-full rounded-md border border-border bg-card px-3 py-2 text-base placeholder:text-placeholder disabled:cursor-not-allowed disabled:bg-muted aria-[invalid=true]:border-destructive",
        className,
      )}
      {...props}
    />
  );
}

export function Textarea({ className, ...props }: ComponentProps<"textarea">) {
  return (
    <textarea
      className={cn(
        "flex min-h-20 w-full rounded-md border border-border bg-card px-3 py-2 text-base placeholder:text-placeholder aria-[invalid=true]:border-destructive",
        className,
      )}
      {...props}
    />
  );
}
