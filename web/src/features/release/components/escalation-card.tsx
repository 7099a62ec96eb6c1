import type { EscalationView, ReleasePlanView } from "@common/release";
import { PhoneCall } from "lucide-react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardHeading } from "@/components/ui/card";
import { errorMessage } from "@/lib/api-client";
import { formatDate } from "@/lib/format";
import { useUpdateReleasePlan } from "../api/update-release-plan";

/** "1 of 2 needed have said they could not reach you. If nobody reaches you, the wait starts on 8 March." */
export function escalationText(e: EscalationView): string {
  const unreachable = e.answers.filter((a) => a.answer === "unreachable").length;
  const count = `${unreachable} of ${e.needed} needed ${unreachable === 1 ? "has" : "have"} said they could not reach you.`;
  const next = e.isHeld
    ? "Nothing is released without a verifier's answer, as you asked."
    : `If nobody reaches you, the waiting period starts on ${formatDate(e.endsAt)}.`;
  return `${count} ${next}`;
}

const CLOSED: Record<Exclude<EscalationView["status"], "open">, (e: EscalationView) => string> = {
  reached: (e) =>
    `${e.answers.find((a) => a.answer === "reached")?.name ?? "A verifier"} told us they reached you. Nothing was released.`,
  checked_in: () => "You checked in, so your verifiers were told nothing more is needed.",
  wait_started: () => "Your verifiers could not reach you, so the waiting period started.",
  stopped: () => "The request to your verifiers was stopped.",
};

/**
 * The request to the owner's verifiers to reach them (decision 085), in plain words: who was asked,
 * how many answered, and when the wait would start. One action: "I'm here" (a check-in).
 */
export function EscalationCard({ view }: { view: ReleasePlanView }) {
  const update = useUpdateReleasePlan();
  const e = view.escalation;
  if (!e) return null;
  const isOpen = e.status === "open";
  return (
    <Card role="region" aria-labelledby="escalation-heading">
      <CardHeader className="pb-2">
        <CardHeading id="escalation-heading" icon={PhoneCall}>
          {isOpen ? "Your verifiers are trying to reach you" : "The request to your verifiers"}
        </CardHeading>
      </CardHeader>
      <CardContent className="grid gap-3">
        {isOpen ? (
          <>
            <p>
              You did not check in, so on {formatDate(e.startedAt)} we asked your {e.asked}{" "}
              {e.asked === 1 ? "verifier" : "verifiers"} to try to reach you.
            </p>
            <p className="font-semibold" aria-live="polite">
              {escalationText(e)}
            </p>
            <div>
              <Button
                type="button"
                disabled={update.isPending}
                onClick={() =>
                  update.mutate({
                    inactivityMonths: view.plan.inactivityMonths,
                    waitDays: view.plan.waitDays,
                  })
                }
              >
                I'm here: stop this
              </Button>
            </div>
            {update.error && (
              <Alert variant="destructive">
                {errorMessage(update.error, "That did not work. Please try again.")}
              </Alert>
            )}
          </>
        ) : (
          e.status !== "open" && <p>{CLOSED[e.status](e)}</p>
        )}
      </CardContent>
    </Card>
  );
}
