import { REPORT_KIND_WORDS, REPORT_MSG, type ReportView } from "@common/verifier-reports";
import { useState, type ReactNode } from "react";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import type { FirmReportAction } from "../api/act-for-firm";
import { ReportDetails } from "./report-details";
import { ReportForm } from "./report-form";

type Step = "overview" | "make" | "confirm" | "heard";
const DONE = { make: REPORT_MSG.made, confirm: REPORT_MSG.confirmed, heard: REPORT_MSG.heard };

/**
 * A verifier's actions about one person, one per screen (docs/decisions/082): report; or, for an
 * open report, confirm it or say they have heard from the person. Used by the firm's card and the
 * verifiers' page alike; `onAction` resolves once the server has answered.
 */
export function ReportSteps({
  ownerName,
  report,
  hasConfirmed,
  isPending,
  error,
  onAction,
  document,
}: {
  document?: ReactNode;
  ownerName: string;
  report: ReportView | null;
  hasConfirmed: boolean;
  isPending: boolean;
  error: string | null;
  onAction: (action: FirmReportAction) => Promise<unknown>;
}) {
  const [step, setStep] = useState<Step>("overview");
  const [done, setDone] = useState<string | null>(null);
  const act = (action: FirmReportAction) =>
    void onAction(action).then(() => {
      setDone(DONE[action.type]);
      setStep("overview");
    });
  const back = () => setStep("overview");
  const isOpen = report?.status === "open";
  const errorAlert = error && <Alert variant="destructive">{error}</Alert>;

  if (step === "make")
    return (
      <div className="grid gap-3">
        <ReportForm
          ownerName={ownerName}
          isPending={isPending}
          onCancel={back}
          onSubmit={({ kind, note, file }) => act({ type: "make", kind, note, file })}
        />
        {errorAlert}
      </div>
    );
  if (report && isOpen && (step === "confirm" || step === "heard"))
    return (
      <div className="grid gap-4">
        <h3 className="font-medium">
          {step === "confirm"
            ? `Confirm that ${ownerName} ${REPORT_KIND_WORDS[report.kind]}?`
            : `Have you heard from ${ownerName} since ${report.reporterName}'s report?`}
        </h3>
        <ReportDetails report={report} ownerName={ownerName} document={document} />
        <p className="text-sm">
          {step === "confirm"
            ? "Confirm only what you know to be true. When enough verifiers confirm, the waiting period before the release starts."
            : "The report stops at once, nothing is released, and everyone who was told is told it stopped."}
        </p>
        <div className="flex flex-wrap gap-3">
          <Button
            type="button"
            disabled={isPending}
            onClick={() => act({ type: step, reportId: report.id })}
          >
            {step === "confirm" ? "Yes, I confirm" : "Yes, stop the report"}
          </Button>
          <Button type="button" variant="outline" onClick={back}>
            Back
          </Button>
        </div>
        {errorAlert}
      </div>
    );
  return (
    <div className="grid gap-4">
      {done && (
        <Alert variant="success">
          <AlertDescription>{done}</AlertDescription>
        </Alert>
      )}
      {report ? (
        <ReportDetails report={report} ownerName={ownerName} document={document} />
      ) : (
        <p className="text-sm">Nothing has been reported about {ownerName}.</p>
      )}
      <div className="flex flex-wrap gap-3">
        {isOpen && !hasConfirmed && (
          <Button type="button" onClick={() => setStep("confirm")}>
            Confirm
          </Button>
        )}
        {isOpen && (
          <Button type="button" variant="outline" onClick={() => setStep("heard")}>
            I have heard from them
          </Button>
        )}
        {(!report || report.status === "stopped") && (
          <Button type="button" variant="outline" onClick={() => setStep("make")}>
            Report a death or incapacity
          </Button>
        )}
      </div>
      {errorAlert}
    </div>
  );
}
