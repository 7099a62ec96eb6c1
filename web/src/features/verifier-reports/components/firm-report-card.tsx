import { UserCheck } from "lucide-react";
import { linkLook } from "@/components/looks";
import { Card, CardContent, CardHeader, CardHeading } from "@/components/ui/card";
import { errorMessage } from "@/lib/api-client";
import { useActForFirm } from "../api/act-for-firm";
import { useAnswerEscalationForFirm } from "../api/answer-escalation-for-firm";
import { useFirmReport } from "../api/get-firm-report";
import { EscalationAnsweredNotice, EscalationSteps } from "./escalation-steps";
import { ReportSteps } from "./report-steps";

const FAILED = "That did not work. Please try again.";

/**
 * On a client's page, for the admins of a firm that is the client's accepted verifier
 * (docs/decisions/082): report, confirm, or "I have heard from them". Nothing for staff, and
 * nothing when the firm is not an accepted verifier.
 */
export function FirmReportCard({
  clientId,
  clientName,
  isAdmin,
}: {
  clientId: string;
  clientName: string;
  isAdmin: boolean;
}) {
  const query = useFirmReport(clientId, isAdmin);
  const act = useActForFirm(clientId);
  const answer = useAnswerEscalationForFirm(clientId);
  const view = query.data;
  if (!isAdmin || !view?.canAct) return null;
  return (
    <Card role="region" aria-labelledby="firm-report-heading">
      <CardHeader className="pb-2">
        <CardHeading id="firm-report-heading" icon={UserCheck}>
          Report as a verifier
        </CardHeading>
      </CardHeader>
      <CardContent>
        <EscalationAnsweredNotice answer={answer.isSuccess ? answer.variables.answer : undefined} />
        {view.escalation && view.report?.status !== "open" ? (
          <EscalationSteps
            ownerName={clientName}
            escalation={view.escalation}
            isPending={answer.isPending}
            error={answer.error ? errorMessage(answer.error, FAILED) : null}
            onAnswer={(a) =>
              answer.mutateAsync({ clientId, escalationId: view.escalation?.id ?? "", answer: a })
            }
          />
        ) : (
          <ReportSteps
            ownerName={clientName}
            report={view.report}
            hasConfirmed={view.hasConfirmed}
            isPending={act.isPending}
            error={act.error ? errorMessage(act.error, FAILED) : null}
            onAction={(action) => act.mutateAsync({ clientId, action })}
            document={
              <a
                href={`/api/clients/${encodeURIComponent(clientId)}/report/document`}
                download
                className={linkLook}
              >
                Open the document
              </a>
            }
          />
        )}
      </CardContent>
    </Card>
  );
}
