import type { ReactNode } from "react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";

/**
 * The one "this could not be loaded" alert: what failed, and a "Try again" button when a retry can
 * help (`onRetry`). Every screen and card shows a failed load with it.
 */
export function LoadError({
  title,
  children,
  onRetry,
}: {
  title?: string;
  children: ReactNode;
  onRetry?: () => void;
}) {
  return (
    <Alert variant="destructive">
      {title && <AlertTitle>{title}</AlertTitle>}
      <AlertDescription className="flex flex-wrap items-center justify-between gap-2">
        <span>{children}</span>
        {onRetry && (
          <Button variant="outline" size="sm" onClick={onRetry}>
            Try again
          </Button>
        )}
      </AlertDescription>
    </Alert>
  );
}
