import type { ReportView } from "@common/verifier-reports";
import type { ReactNode } from "react";
import { formatDate } from "@/lib/format";
import { reportText } from "../report-words";

/** What was reported, by whom and when, the note, and who has confirmed: never an address. */
export function ReportDetails({
  report,
  ownerName,
  document,
}: {
  report: ReportView;
  ownerName: string | null;
  /** How this reader opens the document (a link, or a button for a verifier without an account). */
  document?: ReactNode;
}) {
  return (
    <div className="grid gap-2 text-sm" data-testid="report-details">
      <p aria-live="polite">{reportText(report, ownerName)}</p>
      {report.note && (
        <blockquote className="border-l-2 border-border pl-3 italic">{report.note}</blockquote>
      )}
      {report.hasDocument && document}
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
