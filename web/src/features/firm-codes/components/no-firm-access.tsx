import { FIRM_CODE_MSG } from "@common/firm-codes";
import { Building2 } from "lucide-react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";

/** /firm/codes for someone without a firm. */
export function NoFirmAccess() {
  return (
    <Card className="mx-auto grid max-w-lg justify-items-center gap-3 p-6 text-center">
      <Building2 aria-hidden="true" className="size-10 text-muted-foreground" />
      <h1 className="text-2xl font-semibold tracking-tight">{FIRM_CODE_MSG.noFirmAccessTitle}</h1>
      <p className="text-muted-foreground">{FIRM_CODE_MSG.noFirmAccessText}</p>
      <Button asChild variant="outline">
        <Link to="/dashboard">Back to Dashboard</Link>
      </Button>
    </Card>
  );
}
