import { Tabs as TabsPrimitive } from "radix-ui";
import type { ComponentProps } from "react";
import { cn } from "@/lib/utils";

/** shadcn-style Radix Tabs: arrow keys move between the triggers, the active panel follows. */
export const Tabs = ({ className, ...p }: ComponentProps<typeof TabsPrimitive.Root>) => (
  <TabsPrimitive.Root className={cn("grid gap-4", className)} {...p} />
);

export const TabsList = ({ className, ...p }: ComponentProps<typeof TabsPrimitive.List>) => (
  <TabsPrimitive.List
    className={cn(
      "inline-flex w-fit max-w-full items-center gap-1 overflow-x-auto rounded-lg bg-muted-strong p-1",
      className,
    )}
    {...p}
  />
);

export const TabsTrigger = ({ className, ...p }: ComponentProps<typeof TabsPrimitive.Trigger>) => (
  <TabsPrimitive.Trigger
    className={cn(
      "inline-flex items-center justify-center gap-2 rounded-md px-3 py-1.5 text-sm font-medium whitespace-nowrap text-foreground-soft hover:text-foreground disabled:opacity-60 data-[state=active]:bg-card data-[state=active]:text-foreground data-[state=active]:shadow-sm [&_svg]:size-4",
      className,
    )}
    {...p}
  />
);

export const TabsContent = ({ className, ...p }: ComponentProps<typeof TabsPrimitive.Content>) => (
  <TabsPrimitive.Content className={cn("outline-none", className)} {...p} />
);
