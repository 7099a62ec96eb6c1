import { REPORT_MSG, type VerifierRoleView } from "@common/verifier-reports";
import { useState } from "react";
import { LoadError } from "@/components/load-error";
import { Loading } from "@/components/loading";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ApiError, errorMessage } from "@/lib/api-client";
import { useActAsVerifier } from "../api/act-as-verifier";
import { useAnswerEscalation } from "../api/answer-escalation";
import { useDesk } from "../api/get-desk";
import { confirmedText } from "../report-words";
import { DocumentButton } from "./document-button";
import { EscalationAnsweredNotice, EscalationSteps } from "./escalation-steps";
import { ReportSteps } from "./report-steps";

const FAILED = "That did not work. Please try again.";
const LOAD_FAILED = "The page could not be loaded. Please try again.";

/** One line per person: their name and where any report stands. */
function roleState(r: VerifierRoleView): string {
  if (r.escalation && r.report?.status !== "open")
    return r.escalation.myAnswer
      ? "Asked to reach them · you answered"
      : "Please try to reach them";
  if (!r.report) return "Nothing reported";
  if (r.report.status === "open") return `Reported · ${confirmedText(r.report)}`;
  if (r.report.status === "confirmed") return "Confirmed · the wait has started";
  return "A report was stopped";
}

/** After the code: the people this address is a verifier for; one person at a time. */
export function VerifierRoles({ session, onEnded }: { session: string; onEnded: () => void }) {
  const desk = useDesk(session);
  const act = useActAsVerifier();
  const answer = useAnswerEscalation();
  const [chosen, setChosen] = useState<string | null>(null);
  if (desk.error instanceof ApiError && desk.error.status === 401)
    return (
      <div className="grid gap-4">
        <Alert variant="warning">
          <AlertDescription>{REPORT_MSG.sessionEnded}</AlertDescription>
        </Alert>
        <Button type="button" onClick={onEnded}>
          Start again
        </Button>
      </div>
    );
  if (desk.isError)
    return (
      <LoadError onRetry={() => void desk.refetch()}>
        {errorMessage(desk.error, LOAD_FAILED)}
      </LoadError>
    );
  if (!desk.data) return <Loading variant="detail" />;
  const roles = desk.data.roles;
  const role = roles.length === 1 ? roles[0] : roles.find((r) => r.verifierId === chosen);
  if (role)
    return (
      <section className="grid gap-4" aria-labelledby="role-heading">
        <h2 id="role-heading" className="text-lg font-semibold">
          {role.ownerName}
        </h2>
        <EscalationAnsweredNotice answer={answer.isSuccess ? answer.variables.answer : undefined} />
        {role.escalation && role.report?.status !== "open" ? (
          <EscalationSteps
            ownerName={role.ownerName}
            escalation={role.escalation}
            isPending={answer.isPending}
            error={answer.error ? errorMessage(answer.error, FAILED) : null}
            onAnswer={(a) =>
              answer.mutateAsync({
                session,
                verifierId: role.verifierId,
                escalationId: role.escalation?.id ?? "",
                answer: a,
              })
            }
          />
        ) : (
          <ReportSteps
            ownerName={role.ownerName}
            report={role.report}
            hasConfirmed={role.hasConfirmed}
            isPending={act.isPending}
            error={act.error ? errorMessage(act.error, FAILED) : null}
            document={<DocumentButton session={session} verifierId={role.verifierId} />}
            onAction={(action) => act.mutateAsync({ session, verifierId: role.verifierId, action })}
          />
        )}
        {roles.length > 1 && (
          <Button type="button" variant="outline" onClick={() => setChosen(null)}>
            Back to everyone
          </Button>
        )}
      </section>
    );
  if (!roles.length)
    return <p>This address is not a verifier for anyone at the moment. There is nothing to do.</p>;
  return (
    <section className="grid gap-3" aria-labelledby="roles-heading">
      <h2 id="roles-heading" className="text-lg font-semibold">
        You are a verifier for
      </h2>
      <ul className="divide-y border-y">
        {roles.map((r) => (
          <li key={r.verifierId} className="flex flex-wrap items-center justify-between gap-2 py-3">
            <span>
              <span className="font-medium">{r.ownerName}</span>
              <span className="block text-sm text-muted-foreground">{roleState(r)}</span>
            </span>
            <Button type="button" variant="outline" onClick={() => setChosen(r.verifierId)}>
              Open
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
