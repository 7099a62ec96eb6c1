import { CLIENT_MSG } from "@common/clients";
import { Users } from "lucide-react";
import { useId } from "react";
import { Card, CardContent, CardHeader, CardHeading } from "@/components/ui/card";
import type { ClientDashboard } from "../api/get-client-dashboard";

/** 'View as Client': the client's beneficiaries by name only, read-only (no contact details; the relationship is sealed, decision 038). */
export function ClientBeneficiariesCard({
  names,
  total,
}: {
  names: ClientDashboard["beneficiaryNames"];
  total: number;
}) {
  const headingId = useId();
  const more = total - names.length;
  return (
    <Card>
      <CardHeader className="pb-2">
        <CardHeading icon={Users} id={headingId}>
          Beneficiaries
        </CardHeading>
      </CardHeader>
      <CardContent>
        {names.length === 0 ? (
          <p className="text-muted-foreground">{CLIENT_MSG.noBeneficiaries}</p>
        ) : (
          <ul aria-labelledby={headingId} className="divide-y divide-border">
            {names.map((b, i) => (
              // Names are not unique and carry no id: the list is static, so the position is a stable key.
              <li key={i} className="py-2 font-medium wrap-anywhere">
                {b.name}
              </li>
            ))}
          </ul>
        )}
        {more > 0 && <p className="pt-2 text-sm text-muted-foreground">and {more} more</p>}
      </CardContent>
    </Card>
  );
}
