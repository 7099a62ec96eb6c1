import type { ReactNode } from "react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";

/**
 * The one "this could not be loaded" alert: what failed, and a "Try again" button when a retry can
 * help (`onRetry`; disabled while `isRetrying`). Every screen and card shows a failed load with it.
 */
export function LoadError({
  title,
  children,
  onRetry,
  isRetrying = false,
  className,
}: {
  title?: string;
  children: ReactNode;
  onRetry?: () => void;
  isRetrying?: boolean;
  className?: string;
}) {
  return (
    <Alert variant="destructive" className={className}>
      {title && <AlertTitle>{title}</AlertTitle>}
      <AlertDescription className="flex flex-wrap items-center justify-between gap-2">
        <span>{children}</span>
        {onRetry && (
          <Button variant="outline" size="sm" onClick={onRetry} disabled={isRetrying}>
            Try again
          </Button>
        )}
      </AlertDescription>
    </Alert>
  );
}
