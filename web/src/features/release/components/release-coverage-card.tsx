import { PackageCheck } from "lucide-react";
import { Link } from "react-router";
import { Card, CardContent, CardHeader, CardHeading } from "@/components/ui/card";
import { formatCount } from "@/lib/format";

/** How many items name a beneficiary: only these are ever released, each to its own beneficiary. */
export function ReleaseCoverageCard({ count }: { count: number }) {
  return (
    <Card>
      <CardHeader className="pb-2">
        <CardHeading icon={PackageCheck}>What would be released</CardHeading>
      </CardHeader>
      <CardContent className="grid gap-2 text-sm">
        {count > 0 ? (
          <p>
            <span
              className="text-2xl font-semibold text-foreground tabular-nums"
              data-testid="release-asset-count"
            >
              {formatCount(count)}
            </span>{" "}
            {count === 1 ? "item names a beneficiary." : "items name a beneficiary."} A release
            hands each one to its beneficiary only; items without a beneficiary are never released.
          </p>
        ) : (
          <>
            <p>
              <span className="font-semibold" data-testid="release-asset-count">
                None
              </span>{" "}
              of your items names a beneficiary yet, so a release would hand out nothing.
            </p>
            <Link to="/vault" className="w-fit font-medium text-link underline underline-offset-4">
              Choose beneficiaries for your items
            </Link>
          </>
        )}
      </CardContent>
    </Card>
  );
}
