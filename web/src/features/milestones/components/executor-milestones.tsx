import type { ExecutorMilestonesView } from "@common/messages";
import { Flag } from "lucide-react";
import { Card, CardContent, CardHeader, CardHeading } from "@/components/ui/card";
import { MilestoneList } from "./milestone-list";

/**
 * In the portal, for an executor (decision 109): each released estate's milestones that the owner
 * asked them to confirm. Nothing when there are none.
 */
export function ExecutorMilestones({ view }: { view: ExecutorMilestonesView }) {
  return (
    <>
      {view.estates.map((e) => {
        const headingId = `milestones-${e.ownerId}`;
        return (
          <Card key={e.ownerId} role="region" aria-labelledby={headingId}>
            <CardHeader className="pb-2">
              <CardHeading id={headingId} icon={Flag}>
                <span className="wrap-anywhere">{`${e.ownerName}'s messages waiting for a day`}</span>
              </CardHeading>
            </CardHeader>
            <CardContent className="grid gap-3">
              <p className="text-sm text-foreground-soft">
                {e.ownerName} asked you, as executor, to confirm when each of these has happened. A
                message then goes to the people it was left to. You do not see the messages.
              </p>
              <MilestoneList
                ownerName={e.ownerName}
                milestones={e.milestones}
                confirmationOf={(id) => ({ kind: "executor", id })}
                canConfirm
              />
            </CardContent>
          </Card>
        );
      })}
    </>
  );
}
