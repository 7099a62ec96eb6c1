import { BENEFICIARY_MSG } from "@common/beneficiaries";
import { UserX } from "lucide-react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";

/** A missing beneficiary, or someone else's (the server answers both alike). */
export function BeneficiaryNotFound() {
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center gap-3 py-10 text-center">
      <UserX aria-hidden="true" className="size-10 text-muted-foreground" />
      <h1 className="text-2xl font-semibold">{BENEFICIARY_MSG.notFoundTitle}</h1>
      <p className="text-muted-foreground">This beneficiary does not exist or was deleted.</p>
      <Button asChild>
        <Link to="/beneficiaries">Back to beneficiaries</Link>
      </Button>
    </div>
  );
}
