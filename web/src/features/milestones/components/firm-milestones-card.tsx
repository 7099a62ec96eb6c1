import { Flag } from "lucide-react";
import { Card, CardContent, CardHeader, CardHeading } from "@/components/ui/card";
import { useFirmMilestones } from "../api/list-firm-milestones";
import { MilestoneList } from "./milestone-list";

/**
 * On a client's page, for the firm's admins (decision 109): the milestones the client asked the
 * firm to confirm, confirmable once the client's vault is released. Nothing when there are none.
 */
export function FirmMilestonesCard({
  clientId,
  clientName,
  isAdmin,
}: {
  clientId: string;
  clientName: string;
  isAdmin: boolean;
}) {
  const { data } = useFirmMilestones(clientId, isAdmin);
  if (!isAdmin || !data?.milestones.length) return null;
  return (
    <Card role="region" aria-labelledby="firm-milestones-heading">
      <CardHeader className="pb-2">
        <CardHeading id="firm-milestones-heading" icon={Flag}>
          Messages waiting for a day
        </CardHeading>
      </CardHeader>
      <CardContent className="grid gap-3">
        <p className="text-sm text-foreground-soft">
          {clientName} asked your firm to confirm when each of these has happened; a message then
          goes to the people it was left to. Your firm does not see the messages.
          {!data.isReleased && " They can be confirmed only after the release."}
        </p>
        <MilestoneList
          ownerName={clientName}
          milestones={data.milestones}
          confirmationOf={(id) => ({ kind: "firm", clientId, id })}
          canConfirm={data.isReleased}
        />
      </CardContent>
    </Card>
  );
}
