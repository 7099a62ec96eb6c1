import { Eye, LogOut } from "lucide-react";
import type { Ref } from "react";
import { Button } from "@/components/ui/button";

/** Says, for as long as it lasts, that the firm user is looking at a client's dashboard as the client would. */
export function ImpersonationBanner({
  clientName,
  onExit,
  exitRef,
}: {
  clientName: string;
  onExit: () => void;
  exitRef?: Ref<HTMLButtonElement>;
}) {
  return (
    <div
      role="status"
      className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-warning-border bg-warning-surface p-4 text-warning-text"
    >
      <p className="flex items-center gap-2 font-medium">
        <Eye aria-hidden="true" className="size-5 shrink-0" />
        <span>
          Viewing as client: <span className="wrap-anywhere">{clientName}</span>
        </span>
      </p>
      <Button
        ref={exitRef}
        variant="outline"
        size="sm"
        onClick={onExit}
        className="border-warning-border text-warning-text"
      >
        <LogOut aria-hidden="true" /> Exit Impersonation
      </Button>
    </div>
  );
}
