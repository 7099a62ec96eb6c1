import { Building2 } from "lucide-react";
import { cn } from "@/lib/utils";

/**
 * The firm's logo at 16:9 inside a box of at most 180 px (spec 02 §2 Dashboard), whole
 * (object-contain). The choice: the box stays 16:9 as the spec draws it, and the upload's hint
 * asks for a wide logo to fit it (FIRM_EDIT_MSG.logoHint), instead of a square one that would show
 * between wide empty bands; /firm/edit previews the logo in the same 16:9 shape (decision 072).
 */
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
