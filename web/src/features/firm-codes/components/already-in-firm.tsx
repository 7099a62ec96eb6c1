import { FIRM_CODE_MSG } from "@common/firm-codes";
import { Building2 } from "lucide-react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";

/** /join-firm for someone who already belongs to a firm: one firm per person, so there is nothing to join. */
export function AlreadyInFirm({ firmName }: { firmName: string }) {
  return (
    <div className="grid gap-4">
      <p className="flex items-start gap-2 text-foreground-soft">
        <Building2 aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand" />
        <span className="wrap-anywhere">{FIRM_CODE_MSG.alreadyInFirm(firmName)}</span>
      </p>
      <Button asChild className="w-full">
        <Link to="/dashboard">Go to Dashboard</Link>
      </Button>
    </div>
  );
}
