import { cva, type VariantProps } from "class-variance-authority";
import type { ComponentProps } from "react";
import { ALERT_BASE, ALERT_VARIANTS } from "@/components/looks";
import { cn } from "@/lib/utils";

const alertVariants = cva(ALERT_BASE, {
  variants: { variant: ALERT_VARIANTS },
  defaultVariants: { variant: "default" },
});

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
