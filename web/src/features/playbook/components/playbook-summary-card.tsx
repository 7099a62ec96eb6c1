import { PLAYBOOK, PLAYBOOK_UI_MSG } from "@common/playbook";
import { ListChecks } from "lucide-react";
import { Link } from "react-router";
import { Card, CardContent, CardHeader, CardHeading } from "@/components/ui/card";
import { buttonLook } from "@/components/looks";
import { usePlaybook } from "../api/get-playbook";

/** On /release: how far the owner is through the checklist (the count needs no key), and the way in. */
export function PlaybookSummaryCard() {
  const playbook = usePlaybook();
  const ticked = playbook.data?.tickedCount;
  return (
    <Card role="region" aria-labelledby="playbook-heading">
      <CardHeader className="pb-2">
        <CardHeading id="playbook-heading" icon={ListChecks}>
          {PLAYBOOK_UI_MSG.title}
        </CardHeading>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        <p className="text-muted-foreground">
          Google, Apple, Facebook and others have their own settings for after a death.
          {ticked !== undefined && ` ${PLAYBOOK_UI_MSG.progress(ticked, PLAYBOOK.length)}.`}
        </p>
        <Link to="/release/accounts" className={`${buttonLook.outline} w-fit`}>
          Go through your accounts
        </Link>
      </CardContent>
    </Card>
  );
}
