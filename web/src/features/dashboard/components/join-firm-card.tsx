import { Building2 } from "lucide-react";
import { Link } from "react-router";
import { linkLook } from "@/components/looks";
import { Button } from "@/components/ui/button";
import { Card, CardHeading } from "@/components/ui/card";

/** Shown while the user has no law firm (spec 02 §2 Dashboard). */
export function JoinFirmCard() {
  return (
    <Card className="flex flex-col gap-3 p-6">
      <CardHeading icon={Building2}>Join a Law Firm</CardHeading>
      <p className="text-sm text-muted-foreground">
        Has your attorney given you a firm code? Use it to connect your vault to their firm.
      </p>
      <Button asChild variant="outline" className="w-fit">
        <Link to="/join-firm">Enter a Firm Code</Link>
      </Button>
      <p className="text-sm text-muted-foreground">
        Are you an attorney?{" "}
        <Link to="/firm/new" className={linkLook}>
          Register your firm
        </Link>{" "}
        and become its administrator.
      </p>
    </Card>
  );
}
