import type { ComponentProps } from "react";
import { labelLook } from "@/components/looks";
import { cn } from "@/lib/utils";

/**
 * A form control's label: a plain `<label>` (decision 077: radix's Label only kept a double click
 * from selecting the label's text, and cost every form, /register's too, a chunk of its own).
 */
export function Label({ className, ...props }: ComponentProps<"label">) {
  return <label className={cn(labelLook, className)} {...props} />;
}
