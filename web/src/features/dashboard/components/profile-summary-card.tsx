import { Building2, UserRound } from "lucide-react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardHeading } from "@/components/ui/card";

type Holder = { name: string; email: string; firmName: string | null };

/** The holder's name, e-mail and law firm (spec 02 §1), with a link to /profile. */
export function ProfileSummaryCard({ holder }: { holder: Holder }) {
  return (
    <Card className="flex flex-col">
      <CardHeader className="pb-2">
        <CardHeading icon={UserRound}>Your Profile</CardHeading>
      </CardHeader>
      <CardContent className="grid flex-1 gap-4">
        <dl className="grid gap-3 text-sm">
          <div className="grid gap-0.5">
            <dt className="text-muted-foreground">Name</dt>
            <dd className="font-medium wrap-anywhere">{holder.name}</dd>
          </div>
          <div className="grid gap-0.5">
            <dt className="text-muted-foreground">Email</dt>
            <dd className="wrap-anywhere">{holder.email}</dd>
          </div>
          <div className="grid gap-0.5">
            <dt className="text-muted-foreground">Law firm</dt>
            <dd className="flex items-center gap-1 wrap-anywhere">
              {holder.firmName ? (
                <>
                  <Building2 aria-hidden="true" className="size-4 shrink-0 text-brand" />
                  <span className="font-medium">{holder.firmName}</span>
                </>
              ) : (
                <span className="text-muted-foreground">Not connected to a law firm</span>
              )}
            </dd>
          </div>
        </dl>
        <Button asChild variant="outline" className="mt-auto w-fit">
          <Link to="/profile">View Profile</Link>
        </Button>
      </CardContent>
    </Card>
  );
}
