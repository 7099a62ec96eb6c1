import type { ReportView } from "@common/verifier-reports";
import { formatDate } from "@/lib/format";
import { reportText } from "../report-words";

/** What was reported, by whom and when, the note, and who has confirmed: never an address. */
export function ReportDetails({
  report,
  ownerName,
}: {
  report: ReportView;
  ownerName: string | null;
}) {
  return (
    <div className="grid gap-2 text-sm" data-testid="report-details">
      <p aria-live="polite">{reportText(report, ownerName)}</p>
      {report.note && (
        <blockquote className="border-l-2 border-border pl-3 italic">{report.note}</blockquote>
      )}
      {report.status !== "stopped" && (
        <ul className="list-disc pl-5" aria-label="Confirmed by">
          {report.confirmations.map((c) => (
            <li key={`${c.name}-${c.at}`}>
              {c.name}, on {formatDate(c.at)}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
