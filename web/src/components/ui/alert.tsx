import { cva, type VariantProps } from "class-variance-authority";
import type { ComponentProps } from "react";
import { cn } from "@/lib/utils";

const alertVariants = cva(
  "relative w-full rounded-lg border p-4 text-sm [&>svg]:absolute [&>svg]:left-4 [&>svg]:top-4 [&>svg~*]:pl-7",
  {
    variants: {
      variant: {
        default: "border-border bg-card text-foreground",
        info: "border-info-border bg-info-surface text-info-text",
        warning: "border-warning-border bg-warning-surface text-warning-text",
        destructive: "border-danger-border bg-danger-surface text-danger-text",
        success: "border-success-border bg-success-surface text-success-text",
      },
    },
    defaultVariants: { variant: "default" },
  },
);

/** role="alert" for errors and warnings so screen readers announce them; "status" otherwise. */
export function Alert({
  className,
  variant,
  ...props
}: ComponentProps<"div"> & VariantProps<typeof alertVariants>) {
  const role = variant === "destructive" || variant === "warning" ? "alert" : "status";
  return <div role={role} className={cn(alertVariants({ variant }), className)} {...props} />;
}
export const AlertTitle = ({ className, ...p }: ComponentProps<"h2">) => (
  <h2 className={cn("mb-1 font-semibold leading-none", className)} {...p} />
);
export const AlertDescription = ({ className, ...p }: ComponentProps<"div">) => (
  <div className={cn("text-sm", className)} {...p} />
);
