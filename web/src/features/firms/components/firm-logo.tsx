import { Building2 } from "lucide-react";
import { cn } from "@/lib/utils";

/** The firm's logo at 16:9 inside a box of at most 180 px (spec 02 §2 Dashboard), whole (object-contain). */
export function FirmLogo({
  url,
  firmName,
  className,
}: {
  url: string | null;
  firmName: string;
  className?: string;
}) {
  return (
    <div
      className={cn(
        "flex aspect-video w-full max-w-[180px] items-center justify-center overflow-hidden rounded-md border border-border bg-card",
        className,
      )}
    >
      {url ? (
        <img src={url} alt={`${firmName} logo`} className="size-full object-contain" />
      ) : (
        <Building2 aria-hidden="true" className="size-10 text-muted-foreground" />
      )}
    </div>
  );
}
