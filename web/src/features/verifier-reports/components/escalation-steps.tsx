import {
  REPORT_MSG,
  type EscalationAnswer,
  type VerifierEscalationView,
} from "@common/verifier-reports";
import { useState } from "react";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { formatDate } from "@/lib/format";

const ANSWERED: Record<EscalationAnswer, string> = {
  reached: REPORT_MSG.reached,
  unreachable: REPORT_MSG.unreachable,
};

/** After an answer, above the page (the request may have closed with it): what happens next. */
export function EscalationAnsweredNotice({ answer }: { answer: EscalationAnswer | undefined }) {
  if (!answer) return null;
  return (
    <Alert variant="success">
      <AlertDescription>{ANSWERED[answer]}</AlertDescription>
    </Alert>
  );
}

/** "1 of 2 needed have said they could not reach Olive. If nobody reaches them, the wait starts on 14 March." */
export function escalationStateText(e: VerifierEscalationView, ownerName: string): string {
  const count = `${e.unreachable} of ${e.needed} needed ${e.unreachable === 1 ? "has" : "have"} said they could not reach ${ownerName}.`;
  const next = e.endsAt
    ? `If nobody reaches them, the waiting period starts on ${formatDate(e.endsAt)}.`
    : `${ownerName} asked that nothing is released without a verifier's answer.`;
  return `${count} ${next}`;
}

/**
 * The request to reach the owner (decision 085), one action per screen: the request and its state,
 * then "I reached them" or "I could not reach them", each confirmed on its own screen.
 */
export function EscalationSteps({
  ownerName,
  escalation,
  isPending,
  error,
  onAnswer,
}: {
  ownerName: string;
  escalation: VerifierEscalationView;
  isPending: boolean;
  error: string | null;
  onAnswer: (answer: EscalationAnswer) => Promise<unknown>;
}) {
  const [step, setStep] = useState<EscalationAnswer | null>(null);
  const errorAlert = error && <Alert variant="destructive">{error}</Alert>;
  const answered = escalation.myAnswer ?? null;

  if (step)
    return (
      <div className="grid gap-4">
        <h3 className="font-medium">
          {step === "reached"
            ? `You reached ${ownerName} and they are fine?`
            : `You tried and could not reach ${ownerName}?`}
        </h3>
        <p className="text-sm">
          {step === "reached"
            ? `Nothing is released. ${ownerName}'s countdown starts again, and they and the other verifiers are told.`
            : "Your answer counts towards starting the waiting period. Nothing is released today."}
        </p>
        <div className="flex flex-wrap gap-3">
          <Button
            type="button"
            disabled={isPending}
            onClick={() => void onAnswer(step).then(() => setStep(null))}
          >
            {step === "reached" ? "Yes, they are fine" : "Yes, I could not reach them"}
          </Button>
          <Button type="button" variant="outline" onClick={() => setStep(null)}>
            Back
          </Button>
        </div>
        {errorAlert}
      </div>
    );
  return (
    <div className="grid gap-4">
      <h3 className="font-medium">Please try to reach {ownerName}</h3>
      <p className="text-sm">
        {ownerName} has not checked in for a long time and has not answered our reminders. Please
        try to reach them: a call, a message or a visit. Then tell us what happened.
      </p>
      <p className="text-sm font-medium" aria-live="polite">
        {escalationStateText(escalation, ownerName)}
      </p>
      {answered ? (
        <p className="text-sm">
          You answered: {answered === "reached" ? "you reached them" : "you could not reach them"}.
        </p>
      ) : (
        <div className="flex flex-wrap gap-3">
          <Button type="button" onClick={() => setStep("reached")}>
            I reached them
          </Button>
          <Button type="button" variant="outline" onClick={() => setStep("unreachable")}>
            I could not reach them
          </Button>
        </div>
      )}
      {errorAlert}
    </div>
  );
}
