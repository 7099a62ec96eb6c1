import type { LucideIcon } from "lucide-react";
import type { ComponentProps } from "react";
import { cn } from "@/lib/utils";

export const Card = ({ className, ...p }: ComponentProps<"div">) => (
  <div className={cn("rounded-lg border border-border bg-card shadow-sm", className)} {...p} />
);
export const CardHeader = ({ className, ...p }: ComponentProps<"div">) => (
  <div className={cn("flex flex-col gap-1.5 p-6", className)} {...p} />
);
export const CardTitle = ({ className, ...p }: ComponentProps<"h1">) => (
  <h1 className={cn("text-2xl font-semibold tracking-tight", className)} {...p} />
);
export const CardDescription = ({ className, ...p }: ComponentProps<"p">) => (
  <p className={cn("text-sm text-muted-foreground", className)} {...p} />
);
export const CardContent = ({ className, ...p }: ComponentProps<"div">) => (
  <div className={cn("p-6 pt-0", className)} {...p} />
);
export const CardFooter = ({ className, ...p }: ComponentProps<"div">) => (
  <div className={cn("flex items-center p-6 pt-0", className)} {...p} />
);

/** A card's section heading (h2) with its icon, as the dashboard, release and client cards show it. */
export const CardHeading = ({
  icon: Icon,
  children,
  ...p
}: ComponentProps<"h2"> & { icon: LucideIcon }) => (
  <h2 className="flex items-center gap-2 text-lg font-semibold" {...p}>
    <Icon aria-hidden="true" className="size-5 text-brand" /> {children}
  </h2>
);
