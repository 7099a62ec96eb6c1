import { Hourglass } from "lucide-react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { Card, CardHeading } from "@/components/ui/card";

/** Points the owner to /release, where they decide when their beneficiaries receive what they left them. */
export function ReleasePlanCard() {
  return (
    <Card className="flex flex-col gap-3 p-6">
      <CardHeading icon={Hourglass}>Release Plan</CardHeading>
      <p className="text-sm text-muted-foreground">
        Decide when your beneficiaries receive what you left them, and how long you have to cancel.
      </p>
      <Button asChild variant="outline" className="w-fit">
        <Link to="/release">Review your release plan</Link>
      </Button>
    </Card>
  );
}
